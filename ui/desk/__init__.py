"""The instructor desk (password-protected): ``ui.desk.desk.InstructorDesk(store, actor)``.

At the top: ``desk`` (the pages and their list), ``sign_in`` (the password dialog, and the
first instructor), ``loading`` and ``jobs`` (reading and writing in a worker thread) and
``texts`` (dates, figures and names as every page shows them). The pages live in rooms by
concern: ``trainees/``, ``exams/``, ``reports/`` (charts, answers replayed, reports,
bundles and gradebooks), ``school/`` (the school server) and ``house/`` (the house rules).
Nothing is imported here, so importing one page stays cheap.
"""

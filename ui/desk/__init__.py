"""The instructor desk (password-protected): ``ui.desk.desk.InstructorDesk(store, actor)``.

``sign_in`` (the password dialog, and the first instructor), ``trainees``, ``charts``
(a trainee's and the cohort's), ``attempts`` and ``replay`` (any answer, replayed),
``exam_builder`` and ``exams``, ``exports`` with ``jobs`` (reports and bundles in a
worker thread), ``house_rules`` and ``house_form`` (``load_house_rules(store)`` for the
quiz). Nothing is imported here, so importing one page stays cheap.
"""

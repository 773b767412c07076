"""The exams page: the exam form, its dates, who sits it and the retakes."""

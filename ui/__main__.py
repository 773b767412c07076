import sys

from ui.app import main
from ui.grades_command import main as grades_main
from ui.report_pdf import main as report_main

if sys.argv[1:2] == ["report"]:
    sys.exit(report_main(sys.argv[2:]))
if sys.argv[1:2] == ["grades"]:
    sys.exit(grades_main(sys.argv[2:]))
sys.exit(main())

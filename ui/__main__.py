import sys

from ui.app import main
from ui.report_pdf import main as report_main

if sys.argv[1:2] == ["report"]:
    sys.exit(report_main(sys.argv[2:]))
sys.exit(main())

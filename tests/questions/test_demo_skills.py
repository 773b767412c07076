"""The demo classroom of ``trainer.progress`` practises exactly the skills the engine has."""

import questions
from trainer.progress.demo import DEMO_SKILLS


def test_demo_skills_are_the_engine_skills():
    assert list(DEMO_SKILLS) == questions.skills()

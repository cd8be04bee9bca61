"""Practice for judge candidates (``judgekit studia``): a bank of questions, the rules core's answers to board
questions, and the progress kept between sessions."""

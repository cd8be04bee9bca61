"""``judgekit studia`` (``quiz``): practice for judge candidates.

``judgekit studia`` runs a session of questions read from the terminal; ``esame`` an exam with the score at the
end; ``progressi`` the progress by topic; ``domanda``, ``rispondi`` and ``argomenti`` serve scripts and tests
(``--json``). Answers are recorded in ``studio.sqlite3`` in the user data directory (spaced repetition: the
questions answered wrong come back first). The command is thin: questions come from :mod:`judgekit.study.bank`,
progress from :mod:`judgekit.study.progress`.
"""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer

from judgekit import completion
from judgekit.cli import command

ACTIONS = ("esame", "progressi", "domanda", "rispondi", "argomenti")
# Questions in a session and in an exam unless -n says otherwise.
SESSION = 10
EXAM = 30
# How many characters the progress bar of a topic is.
BAR = 20


def _print(text: str) -> None:
    from judgekit.textstyle import write

    write(text if text.endswith("\n") else text + "\n")


def _json(doc: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(doc, ensure_ascii=False) + "\n")


def _progress() -> Any:
    from judgekit.study.progress import Progress

    progress = Progress()
    if progress.warning:
        sys.stderr.write(f"attenzione: {progress.warning}\n")
    return progress


def _show(question: Any, number: int | None = None, total: int | None = None) -> str:
    from judgekit.study.model import TOPICS

    head = f"Domanda {number} di {total}" if number is not None else "Domanda"
    lines = [f"{head} · {TOPICS.get(question.topic, question.topic)} · livello {question.level}", "",
             question.text, ""]
    lines += [f"  {i}. {c}" for i, c in enumerate(question.choices, 1)]
    return "\n".join(lines)


def _feedback(question: Any, chosen: int) -> str:
    right = question.choices[question.answer]
    verdict = "Giusto!" if chosen == question.answer else \
        f"Sbagliato: la risposta giusta è {question.answer + 1}. {right}"
    rules = ", ".join(question.rules) if question.rules else "—"
    return f"{verdict}\n\n{question.explanation}\n\nDa leggere: {rules}"


def _read_choice(question: Any) -> int | None:
    """The choice typed (1-based on screen, returned 0-based); None at the end of the input or on ``q``."""
    count = len(question.choices)
    while True:
        sys.stdout.write(f"Risposta (1-{count}, q per finire): ")
        sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            sys.stdout.write("\n")
            return None
        text = line.strip().lower()
        if text in ("q", "esci", "fine"):
            return None
        if text.isdigit() and 1 <= int(text) <= count:
            return int(text) - 1
        sys.stdout.write(f"Scrivi un numero da 1 a {count} (o q per finire).\n")


def _summary(results: list[tuple[Any, bool]], title: str) -> str:
    from judgekit.study.model import TOPICS

    if not results:
        return f"{title}: nessuna domanda risposta."
    right = sum(1 for _q, ok in results if ok)
    lines = [f"{title}: {right} giuste su {len(results)} ({round(100 * right / len(results))}%)."]
    by_topic: dict[str, list[bool]] = {}
    for q, ok in results:
        by_topic.setdefault(q.topic, []).append(ok)
    for topic, oks in by_topic.items():
        lines.append(f"  {TOPICS.get(topic, topic)}: {sum(oks)} su {len(oks)}")
    return "\n".join(lines)


def _session(topic: str | None, level: int | None, count: int, seed: int | None, exam: bool) -> None:
    from judgekit.study.bank import pick

    progress = _progress()
    try:
        specs = pick(count, topic=topic, level=level, seed=seed, due=progress.due())
        results: list[tuple[Any, bool, int]] = []
        for i, spec in enumerate(specs, 1):
            question = spec.make()
            _print(_show(question, i, len(specs)))
            chosen = _read_choice(question)
            if chosen is None:
                break
            ok = chosen == question.answer
            progress.record(question.id, question.topic, ok)
            results.append((question, ok, chosen))
            if not exam:
                _print(_feedback(question, chosen) + "\n")
        title = "Esame" if exam else "Sessione"
        _print(_summary([(q, ok) for q, ok, _c in results], title))
        if exam:
            wrong = [(q, c) for q, ok, c in results if not ok]
            if wrong:
                _print("\nDa rivedere:")
                for q, c in wrong:
                    rules = ", ".join(q.rules) or "—"
                    _print(f"  {q.id}: hai risposto {c + 1}, giusta {q.answer + 1}. {q.choices[q.answer]} "
                           f"(da leggere: {rules})")
    finally:
        progress.close()


@command("studia", "quiz", "study")
def studia_command(
    action: Annotated[str | None, typer.Argument(
        help="Senza: una sessione di domande. esame: un esame con il punteggio alla fine. progressi: i progressi "
             "per argomento. domanda, rispondi ID INDICE, argomenti: per script e test (con --json).",
        show_default=False, metavar="[AZIONE]", autocompletion=completion.study_actions)] = None,
    rest: Annotated[list[str] | None, typer.Argument(show_default=False, metavar="[ID INDICE]", hidden=True)] = None,
    topic: Annotated[str | None, typer.Option("--argomento", "-a", help="Solo le domande di questo argomento.",
                                              show_default=False, autocompletion=completion.study_topics)] = None,
    level: Annotated[int | None, typer.Option("--livello", "-l", min=1, max=3, help="Solo questo livello (1-3).",
                                              show_default=False)] = None,
    count: Annotated[int | None, typer.Option("-n", "--numero", min=1, help="Quante domande (sessione 10, "
                                                                              "esame 30).", show_default=False)] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Lo stesso numero dà le stesse domande.",
                                             show_default=False)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Stampa un solo documento JSON.")] = False,
) -> None:
    """Esercizi per chi si prepara all'esame da arbitro: domande con la risposta calcolata dal motore."""
    from judgekit.errors import NotFoundError
    from judgekit.study import bank

    extra = list(rest or [])
    if action is not None and action not in ACTIONS:
        from rapidfuzz import process

        near = [n for n, _s, _i in process.extract(action, ACTIONS, limit=2, score_cutoff=50)]
        raise NotFoundError(f"azione sconosciuta «{action}»: le azioni sono {', '.join(ACTIONS)}", near)
    if extra and action != "rispondi":
        raise NotFoundError(f"argomenti in più: {' '.join(extra)} (solo «rispondi» vuole ID e INDICE)", [])
    wanted = bank.topic_id(topic)
    if action is None or action == "esame":
        _session(wanted, level, count or (EXAM if action == "esame" else SESSION), seed, exam=action == "esame")
    elif action == "argomenti":
        _topics(as_json)
    elif action == "progressi":
        _progress_command(as_json)
    elif action == "domanda":
        spec = bank.pick(1, topic=wanted, level=level, seed=seed)[0]
        question = spec.make()
        if as_json:
            _json({"question": question.public()})
        else:
            _print(_show(question))
            _print(f"\nRispondi con: judgekit studia rispondi {question.id} INDICE (da 0)")
    else:
        _answer(extra, as_json)


def _topics(as_json: bool) -> None:
    from judgekit.study.bank import counts
    from judgekit.study.model import TOPICS

    found = counts()
    if as_json:
        _json({"topics": [{"id": t, "name": TOPICS[t], "questions": n} for t, n in found.items()]})
        return
    lines = [f"  {t.ljust(14)} {str(n).rjust(4)}  {TOPICS[t]}" for t, n in found.items()]
    _print("Argomenti e numero di domande:\n" + "\n".join(lines) + f"\n  {'totale'.ljust(14)} "
           f"{str(sum(found.values())).rjust(4)}")


def _answer(extra: list[str], as_json: bool) -> None:
    from judgekit.errors import NotFoundError
    from judgekit.study.bank import by_id

    if len(extra) != 2 or not extra[1].lstrip("-").isdigit():
        raise NotFoundError("«rispondi» vuole l'id della domanda e l'indice della risposta (da 0): "
                            "judgekit studia rispondi ID INDICE", [])
    question = by_id(extra[0]).make()
    index = int(extra[1])
    if not 0 <= index < len(question.choices):
        raise NotFoundError(f"indice {index} fuori dalle risposte: da 0 a {len(question.choices) - 1}", [])
    ok = index == question.answer
    progress = _progress()
    try:
        progress.record(question.id, question.topic, ok)
    finally:
        progress.close()
    if as_json:
        _json({"correct": ok, "answer": question.answer, "answer_text": question.choices[question.answer],
               "explanation": question.explanation, "rules": list(question.rules)})
        return
    _print(_feedback(question, index))


def _progress_command(as_json: bool) -> None:
    from judgekit.study.model import TOPICS

    progress = _progress()
    try:
        topics = progress.topics()
    finally:
        progress.close()
    if as_json:
        _json({"topics": [{"id": t.id, "answered": t.answered, "correct": t.correct, "due": t.due} for t in topics]})
        return
    if not topics:
        _print("Nessuna risposta registrata: inizia con judgekit studia.")
        return
    lines = ["Progressi per argomento (risposte giuste sul totale; da ripassare: domande da rivedere ora):"]
    for t in topics:
        share = t.correct / t.answered if t.answered else 0.0
        filled = round(share * BAR)
        bar = "█" * filled + "░" * (BAR - filled)
        lines.append(f"  {TOPICS.get(t.id, t.id)[:28].ljust(28)} {bar} {round(share * 100):3d}%  "
                     f"{t.correct}/{t.answered}, da ripassare: {t.due}")
    _print("\n".join(lines))

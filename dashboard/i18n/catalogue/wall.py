"""Messages of the wall around untrusted files (dashboard/wall): a child that failed, and why."""

MESSAGES = {
    "err.wall.failed": (
        "reading {origin} failed ({kind}: {error})",
        "{origin}을(를) 읽지 못했습니다({kind}: {error})"),
    "err.wall.crashed": (
        "the process reading {origin} stopped ({signal}): the file made its reader crash, so nothing of it is "
        "shown; the server keeps serving. Save the model again with its own library (for example "
        "model.save_pretrained(folder)) and open that",
        "{origin}을(를) 읽던 프로세스가 멈췄습니다({signal}). 파일이 읽기 프로그램을 멈추게 해서 아무것도 보여 주지 "
        "않습니다. 서버는 계속 동작합니다. 모델을 자기 라이브러리로 다시 저장해서(예: model.save_pretrained(folder)) "
        "그것을 여세요"),
    "err.wall.memory": (
        "reading {origin} asked for more than the {memory_mb:,} MB of memory this file can need, so it was stopped "
        "and nothing of it is shown; the server keeps serving. A real checkpoint of this size needs less: save "
        "the model again with its own library and open that",
        "{origin}을(를) 읽는 데 이 파일에 필요할 수 있는 {memory_mb:,}MB보다 많은 메모리를 요구해서 중지했고 아무것도 "
        "보여 주지 않습니다. 서버는 계속 동작합니다. 이 크기의 실제 체크포인트는 그보다 적게 씁니다. 모델을 자기 "
        "라이브러리로 다시 저장해서 여세요"),
    "err.wall.cpu": (
        "reading {origin} used more than {seconds:g} s of processor time, so it was stopped and nothing of it is "
        "shown; the server keeps serving. A real checkpoint of this size reads faster: save the model again with "
        "its own library and open that",
        "{origin}을(를) 읽는 데 처리 시간을 {seconds:g}초 넘게 써서 중지했고 아무것도 보여 주지 않습니다. 서버는 "
        "계속 동작합니다. 이 크기의 실제 체크포인트는 더 빨리 읽힙니다. 모델을 자기 라이브러리로 다시 저장해서 "
        "여세요"),
    "err.wall.busy": (
        "the machine was busy: reading {origin} did not finish within {seconds:g} s although it used only "
        "{cpu:.1f} s of processor time. Nothing was kept: try again in a moment",
        "컴퓨터가 바빴습니다. {origin}을(를) 읽는 데 처리 시간은 {cpu:.1f}초만 썼지만 {seconds:g}초 안에 끝나지 "
        "않았습니다. 아무것도 저장하지 않았으니 잠시 뒤에 다시 해 보세요"),
    "err.wall.answer_too_big": (
        "the process reading {origin} answered more than {most_mb:,} MB, more than any page uses, so it was "
        "stopped",
        "{origin}을(를) 읽던 프로세스의 응답이 어떤 페이지가 쓰는 것보다 많은 {most_mb:,}MB를 넘어서 중지했습니다"),
    "err.wall.bad_answer": (
        "the process reading {origin} answered something this server does not accept ({reason}), so nothing of "
        "it is shown",
        "{origin}을(를) 읽던 프로세스가 이 서버가 받아들이지 않는 응답을 보내서(원문: {reason}) 아무것도 보여 주지 "
        "않습니다"),
    "err.wall.not_in_file": (
        "{tensor} of {origin} is not stored in the file: the file asks for a tensor to be made ({reason}), and "
        "a table made that way would show whatever memory held, not the checkpoint. Save the model again with "
        "torch.save(model.state_dict(), path) and open that",
        "{origin}의 {tensor}은(는) 파일에 저장되어 있지 않습니다. 파일이 텐서를 새로 만들라고 요구합니다(원문: {reason}). "
        "그렇게 만든 테이블은 체크포인트가 아니라 메모리에 있던 값을 보여 주게 됩니다. "
        "torch.save(model.state_dict(), path)로 다시 저장해서 여세요"),
}

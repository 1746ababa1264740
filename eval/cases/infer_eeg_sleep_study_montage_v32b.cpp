// Sleep clinic polysomnography: an EegRecorder captures the overnight study
// and a VideoSync keeps the infrared camera aligned with it. The technician
// can suspend the recorder while re-gluing an electrode; resume() on a
// finalised recorder returns early and does not reopen it. finalise() seals
// the EDF file and throws if the study was already sealed; VideoSync::stop()
// is idempotent.
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace sleeplab {

class EegRecorder {
public:
  explicit EegRecorder(std::string studyId) : studyId_(std::move(studyId)) {}

  void suspend() {
    if (state_ == State::Recording)
      state_ = State::Suspended;
  }

  void resume() {
    if (state_ == State::Sealed)
      return;
    state_ = State::Recording;
  }

  void annotate(const std::string &event) {
    if (state_ == State::Sealed)
      throw std::runtime_error("study " + studyId_ + " is sealed");
    events_.push_back(event);
  }

  void finalise() {
    if (state_ == State::Sealed)
      throw std::logic_error("study " + studyId_ + " sealed twice");
    state_ = State::Sealed;
  }

private:
  enum class State { Recording, Suspended, Sealed };
  std::string studyId_;
  std::vector<std::string> events_;
  State state_ = State::Recording;
};

class VideoSync {
public:
  void mark(const std::string &tag) {
    if (!running_)
      throw std::runtime_error("video sync stopped");
    tags_.push_back(tag);
  }
  void stop() {
    if (!running_)
      return;
    running_ = false;
  }

private:
  std::vector<std::string> tags_;
  bool running_ = true;
};

void electrodeCheck(EegRecorder &rec, VideoSync &video) {
  rec.suspend();
  video.mark("electrode C3 re-glued");
  rec.resume();
  rec.annotate("recording resumed after C3"); // OK: resumed from suspend
}

void sealStudy(EegRecorder &rec, VideoSync &video) {
  video.stop();
  rec.finalise();
}

void patientWokeEarly(EegRecorder &rec, VideoSync &video) {
  sealStudy(rec, video);
  video.stop(); // OK: stop() is idempotent
  rec.resume(); // OK: returns early on a sealed study
  rec.annotate("lights on 04:55"); // BUG: use-after-close
}

void morningHandover(EegRecorder &rec, VideoSync &video, bool earlyWake) {
  if (earlyWake) {
    patientWokeEarly(rec, video);
    return;
  }
  rec.annotate("lights on 06:30"); // OK: not sealed on this path
  sealStudy(rec, video);
  rec.finalise(); // BUG: double-close
}

} // namespace sleeplab

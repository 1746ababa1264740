// Viewing session on a flatbed editing table (Steenbeck-style). A session
// opens a reel on the picture head, advances frame by frame, can be paused
// for the editor's notes and resumed, and is closed when the reel runs out or
// when a torn splice forces the reel off the table. Every transport command
// on a closed session throws; close() itself is idempotent.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

class FlatbedSession {
public:
  enum class State { Idle, Running, Paused, Closed };

  explicit FlatbedSession(int reelLengthFrames) : reelLength_(reelLengthFrames) {}

  void open(const std::string &reel) {
    if (state_ == State::Closed)
      throw std::runtime_error("flatbed: session closed, cannot load " + reel);
    reel_ = reel;
    state_ = State::Running;
  }
  void pause() {
    requireLive("pause");
    state_ = State::Paused;
  }
  void resume() {
    requireLive("resume");
    state_ = State::Running;
  }
  void advance(int frames) {
    requireLive("advance");
    if (state_ == State::Paused)
      throw std::logic_error("flatbed: advance while paused");
    shown_ += frames;
  }
  void close() { state_ = State::Closed; }

  State state() const { return state_; }
  bool reelDone() const { return shown_ >= reelLength_; }

private:
  void requireLive(const char *what) const {
    if (state_ == State::Closed)
      throw std::runtime_error(std::string("flatbed: session closed, cannot ") + what);
  }

  std::string reel_;
  State state_ = State::Idle;
  int shown_ = 0;
  int reelLength_;
};

struct Splice {
  int id;
  int frames;
  bool torn;
  bool needsNote;
};

static std::vector<int> g_rejected;

static void endOfSection(FlatbedSession &s) {
  if (s.reelDone())
    s.close();
  else
    s.pause();
}

void screenCut(FlatbedSession &s, const std::string &reel, const std::vector<Splice> &cut) {
  s.open(reel);
  for (const Splice &sp : cut) {
    s.advance(sp.frames);
    if (sp.needsNote) {
      s.pause();
      std::printf("note at splice %d\n", sp.id);
      s.resume(); // OK: paused, not closed
    }
  }
  endOfSection(s);
  if (s.state() == FlatbedSession::State::Paused)
    s.resume(); // OK: only when the section ended on a pause
}

void reviewChangeover(FlatbedSession &s, const std::string &reel, const std::vector<Splice> &cut) {
  s.open(reel);
  for (const Splice &sp : cut)
    s.advance(sp.frames);
  endOfSection(s);
  std::printf("changeover marks checked on %s\n", reel.c_str());
  s.resume(); // BUG: use-after-close
}

void inspectSplices(FlatbedSession &s, const std::string &reel, const std::vector<Splice> &cut) {
  auto reject = [&s](const Splice &sp) {
    g_rejected.push_back(sp.id);
    s.close();
  };
  s.open(reel);
  for (const Splice &sp : cut) {
    if (sp.torn)
      reject(sp);
    s.advance(sp.frames); // BUG: use-after-close
  }
  s.close(); // OK: close() is idempotent
}

int main() {
  std::vector<Splice> cut = {{1, 120, false, true}, {2, 96, true, false}, {3, 240, false, false}};
  FlatbedSession a(400), b(456), c(1000);
  try {
    screenCut(a, "R3 picture", cut);
    reviewChangeover(b, "R4 picture", cut);
    inspectSplices(c, "R5 picture", cut);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
  return 0;
}

// Planetarium show control. ProjectorLink::resume() only leaves the Paused mode:
// on a closed link it returns early and the link stays closed, while reopen()
// really reconnects. StarfieldCache::close() is idempotent (it nulls its FILE*),
// but DomeAudio::close() throws when the bus is already closed. powerDip() relies
// on resume() to bring a closed link back, and closeShow() closes the audio bus
// again after releaseHall() already did.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

class ProjectorLink {
public:
  void show(const std::string &cue);
  void pause();
  void resume();
  void reopen();
  void close();

private:
  enum class Mode { Live, Paused, Closed };
  Mode mode_ = Mode::Live;
  std::vector<std::string> cues_;
};

void ProjectorLink::show(const std::string &cue) {
  if (mode_ == Mode::Closed)
    throw std::runtime_error("projector link closed");
  cues_.push_back(cue);
}

void ProjectorLink::pause() {
  if (mode_ == Mode::Live)
    mode_ = Mode::Paused;
}

void ProjectorLink::resume() {
  if (mode_ != Mode::Paused)
    return;
  mode_ = Mode::Live;
}

void ProjectorLink::reopen() {
  cues_.clear();
  mode_ = Mode::Live;
}

void ProjectorLink::close() { mode_ = Mode::Closed; }

class DomeAudio {
public:
  void play(const std::string &track);
  void close();

private:
  bool closed_ = false;
};

void DomeAudio::play(const std::string &track) {
  if (closed_)
    throw std::runtime_error("audio bus closed: " + track);
}

void DomeAudio::close() {
  if (closed_)
    throw std::logic_error("audio bus closed twice");
  closed_ = true;
}

class StarfieldCache {
public:
  explicit StarfieldCache(const char *path) : file_(std::fopen(path, "rb")) {}
  void close();

private:
  FILE *file_;
};

void StarfieldCache::close() {
  if (!file_)
    return;
  std::fclose(file_);
  file_ = nullptr;
}

class Planetarium {
public:
  Planetarium() : stars_("/opt/sky/hipparcos.bin") {}
  void intermission();
  void powerDip();
  void recover();
  void closeShow();

private:
  void releaseHall();
  ProjectorLink link_;
  DomeAudio audio_;
  StarfieldCache stars_;
};

void Planetarium::intermission() {
  link_.pause();
  audio_.play("intermission.ogg");
  link_.resume();
  link_.show("orion-rise"); // OK: resume() moved the link from Paused to Live
}

void Planetarium::powerDip() {
  link_.close();
  link_.resume();
  link_.show("southern-cross"); // BUG: use-after-close
}

void Planetarium::recover() {
  link_.close();
  link_.reopen();
  link_.show("milky-way"); // OK: reopen() reconnects the link
}

void Planetarium::releaseHall() {
  stars_.close();
  audio_.close();
}

void Planetarium::closeShow() {
  link_.show("house-lights");
  releaseHall();
  stars_.close(); // OK: StarfieldCache::close() is idempotent
  link_.close();
  link_.close(); // OK: ProjectorLink::close() only sets the mode
  audio_.close(); // BUG: double-close
}

int main() {
  Planetarium hall;
  hall.intermission();
  hall.recover();
  hall.closeShow();
  Planetarium annex;
  annex.powerDip();
  return 0;
}

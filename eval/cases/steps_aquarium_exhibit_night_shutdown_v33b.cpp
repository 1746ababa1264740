// Public aquarium exhibit halls: at closing time a NightShutdown plan is
// assembled from named steps (lambdas kept in a vector) and run later by the
// hall controller. The "projector off" step closes the projector link, but the
// later "standby banner" step still sends the banner on it; the "visitor
// tally" step closes the tally FILE* and the "archive tally" step stamps
// it and closes it again. The audio-guide step checks the bus first, and the wayfinding
// screen is reopened before its message.
#include <cstdio>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class ProjectorLink {
public:
  explicit ProjectorLink(std::string host) : host_(std::move(host)) {}
  void sendCommand(const std::string &pjlink);
  void close();
  bool isOpen() const { return open_; }
  void reopen() { open_ = true; }

private:
  std::string host_;
  bool open_ = true;
};

class AudioGuideBus {
public:
  void broadcast(const std::string &msg);
  void close() { open_ = false; }
  bool isOpen() const { return open_; }

private:
  bool open_ = true;
};

class NightShutdown {
public:
  void add(std::string name, std::function<void()> step) {
    steps_.emplace_back(std::move(name), std::move(step));
  }
  void run();

private:
  std::vector<std::pair<std::string, std::function<void()>>> steps_;
};

void ProjectorLink::sendCommand(const std::string &pjlink) {
  if (!open_)
    throw std::runtime_error("projector link closed: " + host_);
  (void)pjlink;
}

void ProjectorLink::close() {
  if (!open_)
    throw std::runtime_error("projector link already closed: " + host_);
  open_ = false;
}

void AudioGuideBus::broadcast(const std::string &msg) {
  if (!open_)
    throw std::runtime_error("audio guide bus closed");
  (void)msg;
}

void NightShutdown::run() {
  for (auto &[name, step] : steps_) {
    std::fprintf(stderr, "shutdown step: %s\n", name.c_str());
    step();
  }
}

NightShutdown buildPlan(ProjectorLink &projector, ProjectorLink &wayfinding,
                        AudioGuideBus &audio, FILE *&tally) {
  NightShutdown plan;
  plan.add("audio guides", [&audio] {
    if (!audio.isOpen())
      return;
    audio.broadcast("The aquarium is now closed."); // OK: checked isOpen()
    audio.close();
  });
  plan.add("projector off", [&projector] {
    projector.sendCommand("%1POWR 0");
    projector.close();
  });
  plan.add("visitor tally", [&tally] {
    std::fputs("closing\n", tally);
    std::fclose(tally);
  });
  plan.add("wayfinding night mode", [&wayfinding] {
    if (!wayfinding.isOpen())
      wayfinding.reopen();
    wayfinding.sendCommand("%1INPT 31"); // OK: reopened when it was closed
  });
  plan.add("standby banner", [&projector, &wayfinding] {
    wayfinding.sendCommand("%2SVOL 0"); // OK: the wayfinding link, not the projector
    projector.sendCommand("%1AVMT 31"); // BUG: use-after-close
  });
  plan.add("archive tally", [&tally] {
    std::fputs("archived\n", tally); // BUG: use-after-close
    std::fclose(tally); // BUG: double-close
  });
  return plan;
}

int main() {
  ProjectorLink projector("projector-reef-hall");
  ProjectorLink wayfinding("reef-hall-wayfinding");
  AudioGuideBus audio;
  FILE *tally = std::fopen("/var/aquarium/tally-reef-hall.txt", "a");
  if (tally == nullptr)
    return 1;
  NightShutdown plan = buildPlan(projector, wayfinding, audio, tally);
  audio.close();
  plan.run();
  return 0;
}

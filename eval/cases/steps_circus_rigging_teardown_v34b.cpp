// Rigging teardown of a travelling circus: after the last show the riggers
// run a fixed list of steps against the motorised winch that holds the
// trapeze truss and against the crew's radio log. The steps are lambdas run in
// order. The mistake: in night_teardown() the "release winch" step closes the
// winch link, and the later "final tension" step still queries it. The
// matinee_reset() list is ordered correctly (the winch is released last and
// the log is closed after its last entry).
#include <cstdio>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class WinchLink {
public:
  explicit WinchLink(std::string id) : id_(std::move(id)) {}
  void send(const std::string &cmd);
  double tension_kn();
  void release();
  bool released() const { return released_; }

private:
  std::string id_;
  bool released_ = false;
  double load_ = 3.2;
};

void WinchLink::send(const std::string &cmd) {
  if (released_)
    throw std::runtime_error("winch " + id_ + " link closed");
  if (cmd == "LOWER")
    load_ = 0.4;
}

double WinchLink::tension_kn() {
  if (released_)
    throw std::runtime_error("winch " + id_ + " link closed");
  return load_;
}

void WinchLink::release() { released_ = true; }

class CrewLog {
public:
  explicit CrewLog(const char *path) : fp_(std::fopen(path, "a")) {}
  ~CrewLog() { close(); }
  void entry(const std::string &line) {
    if (!fp_)
      throw std::runtime_error("crew log closed");
    std::fprintf(fp_, "%s\n", line.c_str());
  }
  void close() {
    if (fp_) {
      std::fclose(fp_);
      fp_ = nullptr;
    }
  }

private:
  FILE *fp_;
};

struct Step {
  std::string name;
  std::function<void()> run;
};

static void run_steps(const std::vector<Step> &steps) {
  for (const Step &s : steps) {
    std::printf("step: %s\n", s.name.c_str());
    s.run();
  }
}

void night_teardown(WinchLink &winch, CrewLog &log) {
  std::vector<Step> steps;
  steps.push_back({"lower truss", [&] { winch.send("LOWER"); }}); // OK: runs before the release step
  steps.push_back({"release winch", [&] { winch.release(); }});
  steps.push_back({"final tension", [&] { log.entry("tension " + std::to_string(winch.tension_kn())); }}); // BUG: use-after-close
  steps.push_back({"close log", [&] { log.close(); }});
  run_steps(steps);
}

void matinee_reset(WinchLink &winch, CrewLog &log) {
  std::vector<Step> steps = {
      {"raise truss", [&] { winch.send("RAISE"); }}, // OK: winch released only in the last step
      {"check tension", [&] { log.entry("tension " + std::to_string(winch.tension_kn())); }}, // OK: before release
      {"close log", [&] { log.close(); }},
      {"release winch", [&] { winch.release(); }},
  };
  run_steps(steps);
  log.close(); // OK: CrewLog::close() tests and nulls fp_
}

void inspect_only(WinchLink &winch, CrewLog &log) {
  std::vector<Step> steps;
  steps.push_back({"release", [&] { winch.release(); }});
  steps.push_back({"note", [&] {
                     if (!winch.released())
                       log.entry("winch still held"); // OK: only when not released
                   }});
  run_steps(steps);
}

// Opera house costume store: every costume pulled for a fitting is written to
// the store's fitting log. The log is paused over the lunch break (entries are
// buffered and written on resume), closed at the end of a season and reopened
// when the next season's productions start pulling stock.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace costume {

class FittingLog {
public:
  explicit FittingLog(std::string path) : path_(std::move(path)) { open(); }
  ~FittingLog() { close(); }
  FittingLog(const FittingLog &) = delete;
  FittingLog &operator=(const FittingLog &) = delete;

  void record(const std::string &entry) {
    if (closed_)
      throw std::runtime_error("fitting log closed: " + path_);
    if (paused_) {
      backlog_.push_back(entry);
      return;
    }
    std::fprintf(out_, "%s\n", entry.c_str());
  }

  void pause() { paused_ = true; }

  void resume() {
    if (closed_)
      return;
    paused_ = false;
    for (const std::string &entry : backlog_)
      std::fprintf(out_, "%s\n", entry.c_str());
    backlog_.clear();
  }

  void close() {
    if (closed_)
      return;
    resume();
    std::fclose(out_);
    out_ = nullptr;
    closed_ = true;
  }

  void reopen() {
    if (!closed_)
      return;
    open();
  }

  bool isClosed() const { return closed_; }

private:
  void open() {
    out_ = std::fopen(path_.c_str(), "a");
    if (!out_)
      throw std::runtime_error("cannot open fitting log " + path_);
    closed_ = false;
    paused_ = false;
  }

  std::string path_;
  std::FILE *out_ = nullptr;
  std::vector<std::string> backlog_;
  bool closed_ = true;
  bool paused_ = false;
};

struct Costume {
  std::string tag;
  std::string production;
  std::string performer;
};

void morningFittings(FittingLog &log, const std::vector<Costume> &pulled) {
  for (const Costume &c : pulled)
    log.record("fit " + c.tag + " " + c.production + " " + c.performer);
  log.pause();
  log.record("retag batch of " + std::to_string(pulled.size()));
  log.resume();
  log.record("afternoon fittings start"); // OK
}

void seasonWrapUp(FittingLog &log, const std::vector<Costume> &returned,
                  const std::vector<Costume> &late) {
  for (const Costume &c : returned)
    log.record("returned " + c.tag + " from " + c.production);
  log.close();
  if (late.empty())
    return;
  log.resume();
  for (const Costume &c : late)
    log.record("late return " + c.tag + " from " + c.performer); // BUG: use-after-close
}

void fireDrill(FittingLog &log, bool alarmLatched) {
  log.record("fire drill: store evacuated");
  if (alarmLatched)
    log.close();
  log.close(); // OK
}

void nextSeason(FittingLog &log, const std::vector<std::string> &productions) {
  log.close();
  log.reopen();
  for (const std::string &p : productions)
    log.record("season opens: " + p); // OK
}

} // namespace costume

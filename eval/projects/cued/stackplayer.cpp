// The cue stack player: open() loads the stack (one cue per line) and opens
// the cue log; go() fires the next cue and tells the listeners; stop() closes
// the cue log and refuses further GOs.
#include "stackplayer.h"

#include <chrono>
#include <ctime>
#include <stdexcept>

namespace cued {

std::string StackPlayer::stamp() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  ::localtime_r(&now, &local);
  char buf[16];
  std::strftime(buf, sizeof buf, "%H:%M:%S", &local);
  return buf;
}

void StackPlayer::open(const std::string &stackPath, const std::string &logPath) {
  std::ifstream stack(stackPath);
  if (!stack)
    throw std::runtime_error("cannot read cue stack " + stackPath);
  std::vector<std::string> cues;
  for (std::string line; std::getline(stack, line);)
    if (!line.empty() && line[0] != '#')
      cues.push_back(line);

  std::lock_guard<std::mutex> lk(mu_);
  if (log_.is_open())
    log_.close();
  log_.open(logPath, std::ios::app);
  if (!log_)
    throw std::runtime_error("cannot open cue log " + logPath);
  log_ << stamp() << " OPEN " << stackPath << " (" << cues.size() << " cues)\n"; // OK: reopened on the line above
  cues_ = std::move(cues);
  next_ = 0;
  state_ = State::Idle;
}

void StackPlayer::go() {
  std::string cue;
  std::vector<Listener> listeners;
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (state_ == State::Stopped)
      throw std::runtime_error("stack player stopped, GO refused");
    if (next_ >= cues_.size())
      return;
    cue = cues_[next_++];
    state_ = State::Live;
    log_ << stamp() << " GO " << cue << '\n';
    listeners = listeners_;
  }
  for (const Listener &fn : listeners)
    fn(cue);
}

void StackPlayer::onGo(Listener listener) {
  std::lock_guard<std::mutex> lk(mu_);
  listeners_.push_back(std::move(listener));
}

void StackPlayer::stop() {
  std::lock_guard<std::mutex> lk(mu_);
  if (state_ == State::Stopped)
    return;
  state_ = State::Stopped;
  log_ << stamp() << " STOP before " << (next_ < cues_.size() ? cues_[next_] : "end") << '\n';
  log_.close();
}

void StackPlayer::abort(const std::string &why) {
  stop();
  std::lock_guard<std::mutex> lk(mu_);
  log_ << stamp() << " ABORT " << why << '\n'; // BUG: use-after-close
}

StackPlayer::State StackPlayer::state() const {
  std::lock_guard<std::mutex> lk(mu_);
  return state_;
}

std::string StackPlayer::nextCue() const {
  std::lock_guard<std::mutex> lk(mu_);
  return next_ < cues_.size() ? cues_[next_] : std::string("end");
}

} // namespace cued

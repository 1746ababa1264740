// goniod — Pacemaker: periodic beats of the control loop. Due callbacks are
// copied out under the lock and run without it, so a beat may register or
// cancel other beats; a throwing beat is reported and the others still run.
#include "pacemaker.h"

#include <cstdio>
#include <exception>
#include <utility>
#include <vector>

namespace goniod {

Pacemaker::Token Pacemaker::every(std::string what, std::chrono::milliseconds period,
                                  std::function<void()> beat) {
  std::lock_guard<std::mutex> lk(mu_);
  const Token token = next_++;
  beats_.emplace(token, Beat{std::move(what), period, Clock::now() + period,
                             std::move(beat)});
  return token;
}

bool Pacemaker::cancel(Token token) {
  std::lock_guard<std::mutex> lk(mu_);
  return beats_.erase(token) == 1;
}

void Pacemaker::tick(Clock::time_point now) {
  std::vector<std::pair<std::string, std::function<void()>>> due;
  {
    std::lock_guard<std::mutex> lk(mu_);
    for (auto &[token, beat] : beats_) {
      if (beat.due > now)
        continue;
      beat.due = now + beat.period;
      due.emplace_back(beat.what, beat.fn);
    }
  }
  for (auto &[what, fn] : due) {
    try {
      fn();
    } catch (const std::exception &e) {
      std::fprintf(stderr, "goniod: beat '%s' failed: %s\n", what.c_str(), e.what());
    }
  }
}

std::size_t Pacemaker::armed() const {
  std::lock_guard<std::mutex> lk(mu_);
  return beats_.size();
}

} // namespace goniod

// The timer wheel. Negative: callbacks are fired outside the lock from a
// shared copy of the function, and a callback cancelled by an earlier one in
// the same pump() is looked up again and skipped, so a subsystem that
// cancels its timer before closing is never called back afterwards.
#include "beatkeeper.h"

#include <vector>

namespace cued {

Beatkeeper::Token Beatkeeper::every(Clock::duration period,
                                    std::function<void()> fn) {
  std::lock_guard<std::mutex> lk(mu_);
  const Token token = next_++;
  entries_.emplace(token, Entry{Clock::now() + period, period,
                                std::make_shared<std::function<void()>>(std::move(fn))});
  return token;
}

Beatkeeper::Token Beatkeeper::after(Clock::duration delay,
                                    std::function<void()> fn) {
  std::lock_guard<std::mutex> lk(mu_);
  const Token token = next_++;
  entries_.emplace(token, Entry{Clock::now() + delay, Clock::duration::zero(),
                                std::make_shared<std::function<void()>>(std::move(fn))});
  return token;
}

void Beatkeeper::cancel(Token token) {
  std::lock_guard<std::mutex> lk(mu_);
  entries_.erase(token);
}

std::size_t Beatkeeper::pump(Clock::time_point now) {
  std::vector<Token> due;
  {
    std::lock_guard<std::mutex> lk(mu_);
    for (const auto &[token, entry] : entries_)
      if (entry.due <= now)
        due.push_back(token);
  }
  std::size_t fired = 0;
  for (const Token token : due) {
    std::shared_ptr<std::function<void()>> fn;
    {
      std::lock_guard<std::mutex> lk(mu_);
      const auto it = entries_.find(token);
      if (it == entries_.end())
        continue;
      fn = it->second.fn;
      if (it->second.period == Clock::duration::zero())
        entries_.erase(it);
      else
        it->second.due = now + it->second.period;
    }
    (*fn)();
    ++fired;
  }
  return fired;
}

std::size_t Beatkeeper::size() const {
  std::lock_guard<std::mutex> lk(mu_);
  return entries_.size();
}

} // namespace cued

// LimnoSwitchboard: named events, handlers run synchronously by fire(). No
// connections here.
#include "limnod_switchboard.h"
#include <vector>

int LimnoSwitchboard::subscribe(const std::string &event, Handler handler) {
  const int token = next_++;
  subs_[token] = Subscription{event, std::move(handler)};
  return token;
}

void LimnoSwitchboard::unsubscribe(int token) { subs_.erase(token); }

void LimnoSwitchboard::fire(const std::string &event, const std::string &payload) {
  std::vector<int> tokens;
  for (const auto &kv : subs_)
    if (kv.second.event == event)
      tokens.push_back(kv.first);
  for (int token : tokens) {
    auto it = subs_.find(token);
    if (it == subs_.end())
      continue; // unsubscribed by an earlier handler
    Handler h = it->second.handler;
    h(payload);
  }
}

// Named events with subscribers; fire() runs the handlers on the caller's thread.
#pragma once
#include <functional>
#include <map>
#include <string>

class LimnoSwitchboard {
public:
  using Handler = std::function<void(const std::string &payload)>;
  int subscribe(const std::string &event, Handler handler);
  void unsubscribe(int token);
  void fire(const std::string &event, const std::string &payload);

private:
  struct Subscription {
    std::string event;
    Handler handler;
  };
  std::map<int, Subscription> subs_;
  int next_ = 1;
};

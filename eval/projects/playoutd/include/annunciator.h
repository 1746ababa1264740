// Annunciator: on-air events (item start/end, silence, overload) pushed to
// subscribed components through a virtual onEvent().
#pragma once
#include <mutex>
#include <string>
#include <vector>

struct AirEvent {
  enum class Kind { ItemStart, ItemEnd, Silence, Overload };
  Kind kind;
  std::string item;
  double lufs;
};

class Subscriber {
public:
  virtual ~Subscriber() = default;
  virtual void onEvent(const AirEvent &ev) = 0;
};

class Annunciator {
public:
  void subscribe(Subscriber *sub);
  void unsubscribe(Subscriber *sub);
  void publish(const AirEvent &ev);
  std::size_t subscribers() const;

private:
  mutable std::mutex mu_;
  std::vector<Subscriber *> subs_;
};

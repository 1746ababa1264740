// EventBus: in-process publish/subscribe. Handlers run synchronously on the
// publisher's thread, in subscription order.
#pragma once
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

enum class Topic { BagInducted, ReaderOffline, SorterFault, EmergencyStop };

struct Event {
  Topic topic;
  std::string flight;
  std::string tag;
  int code = 0;
};

class EventBus {
 public:
  using Handler = std::function<void(const Event&)>;
  using Token = std::uint64_t;

  Token subscribe(Topic topic, Handler handler);   // throws std::runtime_error once closed
  void unsubscribe(Token token);
  void publish(const Event& event);                // throws std::runtime_error once closed
  void close();                                    // drops every handler; idempotent
  bool closed() const;

 private:
  struct Slot {
    Token token;
    Topic topic;
    Handler handler;
  };
  mutable std::mutex mu_;
  std::vector<Slot> slots_;
  Token next_ = 0;
  bool closed_ = false;
};

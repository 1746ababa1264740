// EventDispatcher: topic -> callbacks registry shared by every component.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <utility>

struct Event {
  std::string topic;
  std::string payload;
};

class EventDispatcher {
 public:
  using Handler = std::function<void(const Event&)>;
  using Token = std::uint64_t;

  EventDispatcher();

  Token subscribe(const std::string& topic, Handler handler);  // throws once stopped
  bool unsubscribe(Token token);
  // Calls every handler of the topic on the caller's thread, outside the lock;
  // a handler that throws is logged and skipped. Returns the handlers that succeeded.
  // Throws std::runtime_error("dispatcher stopped") after stop().
  std::size_t emit(const std::string& topic, const std::string& payload);
  void stop();  // idempotent; drops every handler
  bool stopped() const;

 private:
  mutable std::mutex mu_;
  std::map<Token, std::pair<std::string, Handler>> handlers_;
  Token next_;
  bool stopped_;
};

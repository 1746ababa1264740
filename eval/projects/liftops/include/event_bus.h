// EventBus: topic-keyed registry of std::function handlers. Handlers are
// copied under the lock and run outside it, on the emitting thread.
#pragma once
#include <functional>
#include <map>
#include <mutex>
#include <string>

namespace liftops {

class EventBus {
public:
  using Handler =
      std::function<void(const std::string &topic, const std::string &payload)>;

  int subscribe(std::string topic, Handler handler);
  void unsubscribe(int token);
  void emit(const std::string &topic, const std::string &payload);

private:
  struct Entry {
    std::string topic;
    Handler handler;
  };
  std::mutex mu_;
  std::map<int, Entry> entries_;
  int next_ = 1;
};

} // namespace liftops

// Dispatcher: a consumer thread that delivers notifications posted to its
// Channel<Notification> (dispatcher.cpp). post() and stop() are called from
// the control thread only. No markers here.
#pragma once
#include "gateway/channel.h"
#include "gateway/notification.h"

#include <functional>
#include <string>
#include <thread>

namespace gateway {

class Dispatcher {
public:
  explicit Dispatcher(std::function<void(const Notification &)> deliver);
  ~Dispatcher();
  Dispatcher(const Dispatcher &) = delete;
  Dispatcher &operator=(const Dispatcher &) = delete;

  void start();
  /// False (dropped) once the dispatcher is stopped.
  bool post(Notification n);
  void stop();
  void stopWithNotice(const std::string &why);

private:
  void run();

  std::function<void(const Notification &)> deliver_;
  Channel<Notification> queue_{256};
  std::thread consumer_;
};

} // namespace gateway

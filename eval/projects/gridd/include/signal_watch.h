// SIGINT/SIGTERM (stop) and SIGHUP (reload) delivered to the event loop
// through an eventfd written by the signal handler. disarm() restores the
// previous handlers and closes the eventfd; it may be called more than once.
#pragma once
#include <csignal>

class SignalWatch {
public:
  static constexpr unsigned kStop = 1u;
  static constexpr unsigned kReload = 2u;

  SignalWatch();
  ~SignalWatch();
  SignalWatch(const SignalWatch &) = delete;
  SignalWatch &operator=(const SignalWatch &) = delete;

  int fd() const { return efd_; }
  bool armed() const { return armed_; }
  unsigned take();
  void disarm();

private:
  int efd_ = -1;
  bool armed_ = false;
  struct sigaction previous_[3];
};

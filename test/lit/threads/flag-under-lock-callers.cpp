// The flag-under-lock rule across calls: request threads a caller starts
// call a method that tests `stopping_` under the mutex, and the caller's
// stop() sets the flag and closes under the same mutex; stop() moves the
// flusher thread it started into a local before joining it. Quiet. A stop()
// that closes before it sets the flag races with them.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 -pthread | FileCheck %s --implicit-check-not=warning:
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

class EventSink {
public:
  void send(const std::string &Event) {
    if (Closed)
      throw std::runtime_error("event sink is closed");
    Sent += Event.size();
  }
  void close() {
    if (Closed)
      throw std::logic_error("event sink closed twice");
    Closed = true;
  }

private:
  bool Closed = false;
  std::size_t Sent = 0;
};

class Dispatcher {
public:
  void start() { Flusher = std::thread([this] { flushLoop(); }); }
  void emit(const std::string &Event) {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (Stopping)
      return;
    Sink.send(Event);
  }
  void stop() {
    std::thread Taken;
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      if (Stopping)
        return;
      Stopping = true;
      Sink.close();
      Taken = std::move(Flusher);
    }
    if (Taken.joinable())
      Taken.join();
  }
  void stopLoosely() {
    Sink.close();
    // CHECK: flag-under-lock-callers.cpp:[[@LINE-1]]:10: warning: 'Sink' is closed while a thread that uses it may still be running [errlint-close-while-in-use]
    std::lock_guard<std::mutex> Lock(Mutex);
    Stopping = true;
  }

private:
  void flushLoop() {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (!Stopping)
      Sink.send("flush");
  }
  std::mutex Mutex;
  bool Stopping = false;
  EventSink Sink;
  std::thread Flusher;
};

void serve(Dispatcher &d) {
  d.start();
  std::vector<std::thread> Requests;
  for (int I = 0; I < 4; ++I)
    Requests.emplace_back([&d] { d.emit("request"); });
  d.stop();
  for (std::thread &T : Requests)
    T.join();
}

void serveLoosely(Dispatcher &d) {
  std::vector<std::thread> Requests;
  for (int I = 0; I < 4; ++I)
    Requests.emplace_back([&d] { d.emit("request"); });
  // CHECK: flag-under-lock-callers.cpp:[[@LINE+1]]:5: warning: 'd.Sink' is closed while a thread that uses it may still be running [errlint-close-while-in-use]
  d.stopLoosely();
  for (std::thread &T : Requests)
    T.join();
}

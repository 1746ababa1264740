// A close serialized by a flag the closer sets later in the same critical
// section (`bus_.close(); state_ = State::Closed;` under mu_) is as
// serialized as one whose flag was set first: the lock is not released in
// between. A thread started to shut down while this one goes on using the
// bus through a method that tests the flag under mu_ does not race with
// it. A closer that releases mu_ between the close and the flag does.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 -pthread | FileCheck %s --implicit-check-not=warning:
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <unistd.h>

class FsaBus {
public:
  explicit FsaBus(int fd) : fd_(fd) {}
  void send(const std::string &cmd) {
    if (fd_ < 0)
      throw std::logic_error("bus closed");
    ::write(fd_, cmd.data(), cmd.size());
  }
  void close() {
    if (fd_ < 0)
      throw std::logic_error("bus closed twice");
    ::close(fd_);
    fd_ = -1;
  }

private:
  int fd_;
};

enum class FsaState { Running, Closed };

class FsaController {
public:
  explicit FsaController(int fd) : bus_(fd) {}
  void poke() {
    std::lock_guard<std::mutex> lk(mu_);
    if (state_ == FsaState::Closed)
      return;
    bus_.send("POKE\n");
  }
  void shutdown() {
    std::lock_guard<std::mutex> lk(mu_);
    if (state_ == FsaState::Closed)
      return;
    bus_.close();
    state_ = FsaState::Closed;
  }
  // Releases the mutex between the close and the flag.
  void shutdownInTwoSteps() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      if (state_ == FsaState::Closed)
        return;
      bus_.close();
    }
    std::lock_guard<std::mutex> lk(mu_);
    state_ = FsaState::Closed;
  }
private:
  std::mutex mu_;
  FsaBus bus_;
  FsaState state_ = FsaState::Running;
};

// A console thread shuts down while this thread pokes: serialized by mu_.
void consoleShutsDown(FsaController &c) {
  std::thread console([&c] { c.shutdown(); });
  c.poke();
  console.join();
}

// The console closes, then sets the flag in a second critical section: a
// poke in between finds the flag clear and the bus closed.
void consoleShutsDownInTwoSteps(FsaController &c) {
  std::thread console([&c] { c.shutdownInTwoSteps(); });
  // CHECK: flag-set-after-close.cpp:[[@LINE+1]]:5: warning: call to 'poke' on 'c.bus_' while a thread that closes it may still be running
  c.poke();
  console.join();
}

// The other way round: this thread closes while a beacon thread sends under
// linkMu_ after testing linkClosed_. Setting the flag after the close in
// the same critical section serializes them; setting it in another one
// does not.
class FsaStation {
public:
  explicit FsaStation(int fd) : link_(fd) {}
  void start() {
    beacon_ = std::thread([this] {
      for (int i = 0; i < 3; ++i) {
        std::lock_guard<std::mutex> lk(linkMu_);
        if (linkClosed_)
          return;
        link_.send("BCN");
      }
    });
  }
  void shutdown() {
    {
      std::lock_guard<std::mutex> lk(linkMu_);
      link_.close();
      linkClosed_ = true;
    }
    beacon_.join();
  }
  void shutdownInTwoSteps() {
    {
      std::lock_guard<std::mutex> lk(linkMu_);
      // CHECK: flag-set-after-close.cpp:[[@LINE+1]]:13: warning: 'link_' is closed while a thread that uses it may still be running
      link_.close();
    }
    {
      std::lock_guard<std::mutex> lk(linkMu_);
      linkClosed_ = true;
    }
    beacon_.join();
  }

private:
  std::mutex linkMu_;
  FsaBus link_;
  bool linkClosed_ = false;
  std::thread beacon_;
};

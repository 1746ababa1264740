// Protocols over a member that holds a resource: a descriptor closed by
// `fd_ = -1` and tested with `fd_ < 0`, a FILE* set to null, a unique_ptr
// let go with reset(). A test of a member the method has just written
// (`fp_ = fopen(...); if (!fp_) return false;`) is no guard: open() reopens.
// A handle protocol needs a close-like method name (or a record): a pointer
// that detach() clears is no close.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
// RUN: %expect_exit 0 %errlint --list-protocols %s -- -std=c++17 | FileCheck %s --check-prefix=LIST
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>

class AgentConn {
public:
  explicit AgentConn(int Fd) : fd_(Fd) {}
  void send(const std::string &Frame) {
    if (fd_ < 0)
      throw std::runtime_error("agent connection is closed, cannot send");
    ::write(fd_, Frame.data(), Frame.size());
  }
  void close() noexcept {
    if (fd_ < 0)
      return;
    ::close(fd_);
    fd_ = -1;
  }
  bool isOpen() const { return fd_ >= 0; }

private:
  int fd_;
};

class Spool {
public:
  bool open(const std::string &Path) {
    fp_ = std::fopen(Path.c_str(), "a");
    if (fp_ == nullptr)
      return false;
    return true;
  }
  void append(const std::string &Line) {
    if (!fp_)
      throw std::runtime_error("spool is closed");
    std::fputs(Line.c_str(), fp_);
  }
  void close() {
    if (fp_ == nullptr)
      throw std::logic_error("spool closed twice");
    std::fclose(fp_);
    fp_ = nullptr;
  }

private:
  std::FILE *fp_ = nullptr;
};

struct Producer {
  void send(const std::string &);
};
class Uplink {
public:
  void publish(const std::string &Payload) {
    if (producer_ == nullptr)
      throw std::runtime_error("uplink shut down");
    producer_->send(Payload);
  }
  void shutdown() { producer_.reset(); }

private:
  std::unique_ptr<Producer> producer_;
};

// No close-like name: detach() clearing the pointer is no close.
class Attachment {
public:
  void use() {
    if (!target_)
      throw std::logic_error("not attached");
  }
  void detach() { target_ = nullptr; }

private:
  int *target_ = nullptr;
};

// LIST: AgentConn: closed when 'fd_' holds no handle (-1 or null) (rule use-after-close)
// LIST: close   close()
// LIST: use     send()
// LIST: query   isOpen()
// LIST: Spool: closed when 'fp_' holds no handle (-1 or null) (rule use-after-close)
// LIST: close   close()
// LIST: use     append()
// LIST: reopen  open()
// LIST: Uplink: closed when 'producer_' holds no handle (-1 or null) (rule use-after-close)
// LIST-NOT: Attachment

void agent(AgentConn &C) {
  C.close();
  // CHECK: handles.cpp:[[@LINE+1]]:5: warning: call to 'send' on 'C' after it was closed [errlint-use-after-close]
  C.send("BYE");
  C.close(); // idempotent: no double close
}
void agentGuarded(AgentConn &C, bool Failed) {
  if (Failed)
    C.close();
  if (!C.isOpen())
    return;
  C.send("ACK");
}
void spool(Spool &S, const std::string &Next) {
  S.close();
  if (!S.open(Next))
    return;
  S.append("reopened");
  S.close();
  // CHECK: handles.cpp:[[@LINE+1]]:5: warning: 'close' closes 'S' a second time [errlint-double-close]
  S.close();
}
void uplink(Uplink &U, Attachment &A) {
  U.shutdown();
  // CHECK: handles.cpp:[[@LINE+1]]:5: warning: call to 'publish' on 'U' after it was closed [errlint-use-after-close]
  U.publish("late");
  A.detach();
  A.use();
}

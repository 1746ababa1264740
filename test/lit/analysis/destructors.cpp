// Closes made when an object's life ends: a scope guard's destructor (its
// reference member bound by the constructor), a lambda guard that can be
// dismissed, a std::unique_ptr whose deleter of the user's closes, at the
// end of the scope and on reset().
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <memory>
#include <string>
#include <unistd.h>
#include <utility>

class EventChannel {
public:
  void send(const std::string &E);
  void close();
};

class ChannelCloser {
public:
  explicit ChannelCloser(EventChannel &C) : Channel(C) {}
  ~ChannelCloser() { Channel.close(); }

private:
  EventChannel &Channel;
};

template <class F> class ScopeExit {
public:
  explicit ScopeExit(F Fn) : Fn(std::move(Fn)) {}
  ~ScopeExit() {
    if (Active)
      Fn();
  }
  void dismiss() { Active = false; }

private:
  F Fn;
  bool Active = true;
};
template <class F> ScopeExit<F> onExit(F Fn) { return ScopeExit<F>(std::move(Fn)); }

struct FileCloser {
  void operator()(FILE *F) const { fclose(F); }
};
using FilePtr = std::unique_ptr<FILE, FileCloser>;

// Negative: inside the guard's scope, a dismissed guard, a reset to a new
// stream.
void insideScope(EventChannel &Events) {
  ChannelCloser Closer(Events);
  Events.send("a");
}
void dismissed(int Fd) {
  {
    auto Guard = onExit([Fd] { ::close(Fd); });
    Guard.dismiss();
  }
  ::write(Fd, "x", 1);
}
void resetToNew(FilePtr &Log, const char *Path) {
  Log.reset(fopen(Path, "a"));
  fputs("reopened\n", Log.get());
}

// Positive: after the guard's scope, after the owner's scope, after reset().
void afterScope(EventChannel &Events) {
  {
    ChannelCloser Closer(Events);
    Events.send("a");
  }
  // CHECK: destructors.cpp:[[@LINE+3]]:10: warning: call to 'send' on 'Events' after it was closed
  // CHECK: destructors.cpp:[[@LINE-2]]:3: note: 'Events' is closed when 'Closer' is destroyed here
  // CHECK: destructors.cpp:21:30: note: which closes it here
  Events.send("b");
}
void afterLambdaGuard(int Fd) {
  {
    auto Guard = onExit([Fd] { ::close(Fd); });
    ::write(Fd, "x", 1);
  }
  // The guard was never dismissed: its Active flag is still the true its
  // member initializer gave it, so it closed.
  // CHECK: destructors.cpp:[[@LINE+1]]:3: warning: call to 'write' on 'Fd' after it was closed
  ::write(Fd, "y", 1);
}
void afterOwner(const char *Path) {
  FILE *Raw = nullptr;
  {
    FilePtr File(fopen(Path, "w"));
    Raw = File.get();
    fputs("header\n", Raw);
  }
  // CHECK: destructors.cpp:[[@LINE+1]]:3: warning: call to 'fputs' on 'Raw' after it was closed
  fputs("footer\n", Raw);
}
// The guard's constructor only binds its member: it does not reopen what
// it is given, so the close at the end of one iteration reaches the next.
void perIteration(EventChannel &Events, int Attempts) {
  for (int I = 0; I < Attempts; ++I) {
    ChannelCloser Closer(Events);
    // CHECK: destructors.cpp:[[@LINE+1]]:12: warning: call to 'send' on 'Events' that may have been closed
    Events.send("try");
  }
}
void afterReset(FilePtr &Log) {
  FILE *Old = Log.get();
  Log.reset();
  // CHECK: destructors.cpp:[[@LINE+1]]:3: warning: call to 'fputs' on 'Old' after it was closed
  fputs("rotated\n", Old);
}

// A rollback guard closes unless committed: a function that commits before
// every true return leaves the channel open where it returns true; one that
// returns true on a path without committing does not.
class Rollback {
public:
  explicit Rollback(EventChannel &C) : Channel(C) {}
  ~Rollback() {
    if (!Committed)
      Channel.close();
  }
  void commit() { Committed = true; }

private:
  EventChannel &Channel;
  bool Committed = false;
};
bool subscribe(EventChannel &C, bool Known, bool Valid) {
  Rollback Guard(C);
  if (Known) {
    Guard.commit();
    return true;
  }
  if (!Valid)
    return false;
  C.send("SUBSCRIBE");
  Guard.commit();
  return true;
}
bool subscribeForgetful(EventChannel &C, bool Known) {
  Rollback Guard(C);
  if (Known)
    return true;
  C.send("SUBSCRIBE");
  Guard.commit();
  return true;
}
void follow(EventChannel &C, bool Known, bool Valid) {
  if (subscribe(C, Known, Valid))
    C.send("READY");
}
void followForgetful(EventChannel &C, bool Known) {
  if (subscribeForgetful(C, Known))
    // CHECK: destructors.cpp:[[@LINE+1]]:7: warning: call to 'send' on 'C' that may have been closed
    C.send("READY");
}

// A guard armed only by arm(): its flag starts false, so a guard never
// armed closes nothing.
class ArmedCloser {
public:
  explicit ArmedCloser(EventChannel &C) : Channel(C) {}
  ~ArmedCloser() {
    if (Armed)
      Channel.close();
  }
  void arm() { Armed = true; }

private:
  EventChannel &Channel;
  bool Armed = false;
};
void neverArmed(EventChannel &C) {
  { ArmedCloser Guard(C); }
  C.send("still open");
}
void armed(EventChannel &C) {
  {
    ArmedCloser Guard(C);
    Guard.arm();
  }
  // CHECK: destructors.cpp:[[@LINE+1]]:5: warning: call to 'send' on 'C' after it was closed
  C.send("closed");
}

// An owner whose member is a unique_ptr with a closing deleter, given the
// raw stream at construction: destroying the owner closes the stream.
class JournalWriter {
public:
  explicit JournalWriter(FILE *F) : File(F) {}
  void append(const char *Line) { fputs(Line, File.get()); }

private:
  FilePtr File;
};
class Borrower {
public:
  explicit Borrower(FILE *F) : File(F) {}

private:
  FILE *File;
};
void afterOwnerOfDeleter(FILE *Raw) {
  {
    JournalWriter Writer(Raw);
    Writer.append("entry\n");
  }
  // CHECK: destructors.cpp:[[@LINE+1]]:3: warning: call to 'fputs' on 'Raw' after it was closed
  fputs("end\n", Raw);
}
void afterBorrower(FILE *Raw) {
  { Borrower B(Raw); }
  fputs("still open\n", Raw);
}

// A destructor ends by destroying the members, last first: a member's own
// destructor closes what the owner's body may have closed already. A
// descriptor closed for certain held one (not negative), so `if (fd_ >= 0)`
// does not keep the member's destructor from closing it again.
class PortListener {
public:
  explicit PortListener(int Fd) : Fd(Fd) {}
  ~PortListener() {
    if (Fd >= 0)
      ::close(Fd);
  }
  void stop() { ::close(Fd); }
  void stopAndForget() {
    ::close(Fd);
    Fd = -1;
  }

private:
  int Fd = -1;
};
class OwnsListenerByPointer {
public:
  // CHECK: destructors.cpp:[[@LINE-13]]:7: warning: 'close' closes 'Listener.Fd' a second time
  // CHECK: destructors.cpp:[[@LINE+3]]:40: note: 'Listener.Fd' was first closed by the call to 'stop' here
  // CHECK: destructors.cpp:[[@LINE-13]]:17: note: 'stop' closes it here
  // CHECK: destructors.cpp:[[@LINE+1]]:48: note: it closes it again here, where member 'Listener' is destroyed
  ~OwnsListenerByPointer() { Listener->stop(); }

private:
  std::unique_ptr<PortListener> Listener = std::make_unique<PortListener>(3);
};
class OwnsListenerByValue {
public:
  // CHECK: destructors.cpp:[[@LINE-24]]:7: warning: 'close' closes 'Port.Fd' a second time
  // CHECK: destructors.cpp:[[@LINE+2]]:33: note: 'Port.Fd' was first closed by the call to 'stop' here
  // CHECK: destructors.cpp:[[@LINE+1]]:41: note: it closes it again here, where member 'Port' is destroyed
  ~OwnsListenerByValue() { Port.stop(); }

private:
  PortListener Port{4};
};
class ForgetsListener {
public:
  ~ForgetsListener() { Port.stopAndForget(); }

private:
  PortListener Port{5};
};
class SharesListener {
public:
  ~SharesListener() { Listener->stop(); }

private:
  // Another owner may still hold it: its destructor need not run here.
  std::shared_ptr<PortListener> Listener = std::make_shared<PortListener>(6);
};

// A descriptor wrapper whose close() and destructor both close only while
// fd_ >= 0, and close() does not reset it: wherever close() closed, the
// destructor closes again. release() hands the descriptor over first.
class UniqueFd {
public:
  explicit UniqueFd(int fd) : fd_(fd) {}
  ~UniqueFd() {
    if (fd_ >= 0)
      // CHECK: destructors.cpp:[[@LINE+1]]:7: warning: 'close' closes 'raw' that may already have been closed
      ::close(fd_);
  }
  void close() {
    if (fd_ >= 0)
      ::close(fd_);
  }
  int release() {
    int fd = fd_;
    fd_ = -1;
    return fd;
  }

private:
  int fd_;
};
void closedThenDestroyed(int raw) {
  UniqueFd fd(raw);
  fd.close();
}
void releasedThenClosed(int raw) {
  UniqueFd fd(raw);
  ::close(fd.release()); // OK: the destructor sees -1
}

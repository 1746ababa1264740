// What a class's own code says still counts where a catalogue pattern names
// the class: Channel<T> matches `*Channel`, whose profile reports send()
// after close(), and the template's reset() sets the closed flag back, so a
// send after reset() is on an open channel. A method that first calls a
// private check throwing once closed (`requireOpen()`) is a use even when it
// then sets an open state, not a reopen. A use that throws once closed has
// returned only on an open object, under every rule: the close after it is
// no second close.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <deque>
#include <stdexcept>
#include <string>

template <typename T> class Channel {
public:
  void send(T V) {
    if (Closed)
      throw std::logic_error("Channel::send on closed channel");
    Buf.push_back(std::move(V));
  }
  void close() {
    if (Closed)
      throw std::logic_error("Channel::close: already closed");
    Closed = true;
  }
  void reset() {
    Buf.clear();
    Closed = false;
  }

private:
  std::deque<T> Buf;
  bool Closed = false;
};

class Session {
public:
  enum class State { Connected, Authenticated, Closed };
  void login(const std::string &User) {
    requireOpen();
    Last = User;
    St = State::Authenticated;
  }
  bool mail(const std::string &To) {
    requireOpen();
    Last = To;
    return To.find('@') != std::string::npos;
  }
  void close() {
    if (St == State::Closed)
      throw std::logic_error("session already closed");
    St = State::Closed;
  }

private:
  void requireOpen() const {
    if (St == State::Closed)
      throw std::logic_error("session is closed");
  }
  State St = State::Connected;
  std::string Last;
};

void generations(Channel<std::string> &C) {
  C.close();
  C.reset();
  C.send("next generation");
  C.close();
  // CHECK: own-code-beside-names.cpp:[[@LINE+1]]:5: warning: call to 'send' on 'C' after it was closed
  C.send("too late");
}

void relogin(Session &S) {
  S.close();
  // CHECK: own-code-beside-names.cpp:[[@LINE+1]]:5: warning: call to 'login' on 'S' after it was closed
  S.login("again");
}

void notifyAll(Session &S, const std::string (&To)[3]) {
  for (const std::string &R : To) {
    // CHECK: own-code-beside-names.cpp:[[@LINE+1]]:12: warning: call to 'mail' on 'S' that may have been closed
    if (!S.mail(R))
      S.close();
  }
}

// The reopen made inside a method of another class (a holder's release()
// opening its channel before sending) opens the channel for the holder's
// callers under the catalogue's rule too: the send after it is no use of
// the caller's closed channel.
struct ChannelHolder {
  Channel<std::string> Ch;
  void release() {
    Ch.reset();
    Ch.send("released");
  }
  void resend() { Ch.send("again"); }
};

void releaseAfterClose(ChannelHolder &H) {
  H.Ch.close();
  H.release();
  H.Ch.close();
  // CHECK: own-code-beside-names.cpp:[[@LINE+1]]:5: warning: call to 'resend' uses 'H.Ch' after it was closed
  H.resend();
}

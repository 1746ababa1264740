// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
using namespace cassandra;

// A member closed in one method and used by another called after it.
class Session {
public:
  void stop() { channel_.close(); }
  void start() { reopened_ = true; channel_ = StreamingMultiplexedChannel(); }
  void send(const StreamMessage &m) { channel_.sendControlMessage(m); }
  void sendIfOpen(const StreamMessage &m) {
    if (!channel_.isClosed())
      channel_.sendControlMessage(m);
  }
  ~Session() { channel_.close(); }

  void stopThenSend(const StreamMessage &m) {
    stop();
    // CHECK: members.cpp:[[@LINE+1]]:5: warning: call to 'send' uses 'channel_' after it was closed
    send(m);
    // CHECK: members.cpp:[[@LINE-3]]:5: note: 'channel_' is closed by the call to 'stop' here
    // CHECK: members.cpp:8:26: note: 'stop' closes it here
    // CHECK: members.cpp:10:48: note: 'send' uses it here
  }

private:
  StreamingMultiplexedChannel channel_;
  bool reopened_ = false;
};

void caller(Session &s, Session &other, StreamMessage m) {
  s.stop();
  // CHECK: members.cpp:[[@LINE+1]]:5: warning: call to 'send' uses 's.channel_' after it was closed
  s.send(m);
  // Negative: a guarded send, another session.
  s.sendIfOpen(m);
  other.send(m);
}

// Negative: a method that replaces the member in between.
void restarted(Session &s, StreamMessage m) {
  s.stop();
  s.start();
  s.send(m);
}

// Negative: a fresh object from its constructor.
void fresh(StreamMessage m) {
  Session s;
  s.send(m);
  s.stop();
}

// Through a pointer to the session.
void viaPointer(Session *s, StreamMessage m) {
  s->stop();
  // CHECK: members.cpp:[[@LINE+1]]:6: warning: call to 'send' uses 's.channel_' after it was closed
  s->send(m);
}

// The same source through clang-tidy with the plugin: the same findings.
// RUN: %expect_exit 0 %tidy %s --config="{CheckOptions: {errlint.Cite: none}}" -- %cxxflags | FileCheck %s --implicit-check-not=warning:

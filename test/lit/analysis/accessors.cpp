// The same member reached through a trivial accessor.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
#include <memory>
using namespace cassandra;

class Session {
public:
  StreamingMultiplexedChannel &channel() { return channel_; }
  StreamingMultiplexedChannel *channelPtr() { return ptr_.get(); }
  StreamingMultiplexedChannel &other() { return other_; }

private:
  StreamingMultiplexedChannel channel_, other_;
  std::unique_ptr<StreamingMultiplexedChannel> ptr_;
};

void viaAccessor(Session &s, StreamMessage m) {
  s.channel().close();
  // CHECK: accessors.cpp:[[@LINE+1]]:15: warning: call to 'sendControlMessage' on 's.channel()' after it was closed
  s.channel().sendControlMessage(m);
  s.channelPtr()->close();
  // CHECK: accessors.cpp:[[@LINE+1]]:19: warning: call to 'sendControlMessage' on 's.channelPtr()' after it was closed
  s.channelPtr()->sendControlMessage(m);
}

// Negative: another member, another session.
void otherMember(Session &s, Session &t, StreamMessage m) {
  s.channel().close();
  s.other().sendControlMessage(m);
  t.channel().sendControlMessage(m);
}

// The same member reached through a trivial accessor.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
#include <map>
#include <memory>
#include <string>
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

// An accessor defined in another file: the same object each time it is
// called on the same object, unless its name says it hands out another one
// (next(), acquire()) or it takes arguments.
class Remote {
public:
  StreamingMultiplexedChannel &control();
  StreamingMultiplexedChannel &next();
  StreamingMultiplexedChannel &lane(int I);
  void reconnect();
};
void remoteAccessor(Remote &r, StreamMessage m) {
  r.control().close();
  // CHECK: accessors.cpp:[[@LINE+1]]:15: warning: call to 'sendControlMessage' on 'r.control()' after it was closed
  r.control().sendControlMessage(m);
}
void remoteNegatives(Remote &r, Remote &q, StreamMessage m) {
  r.next().close();
  r.next().sendControlMessage(m);
  r.lane(0).close();
  r.lane(1).sendControlMessage(m);
  q.control().close();
  r.control().sendControlMessage(m);
  // What a call on the owner does is not known: it may replace the channel.
  q.reconnect();
  q.control().sendControlMessage(m);
}

// An accessor that returns the element of a map at the key it is given:
// the element at the caller's key.
class Router {
public:
  StreamingMultiplexedChannel &channelFor(const std::string &Tenant) {
    return *channels_.at(Tenant);
  }
  void evict(const std::string &Tenant, const std::string &Other,
             StreamMessage m) {
    channelFor(Tenant).close();
    channelFor(Other).sendControlMessage(m);
    // CHECK: accessors.cpp:[[@LINE+1]]:24: warning: call to 'sendControlMessage' on 'channelFor(Tenant)' after it was closed
    channelFor(Tenant).sendControlMessage(m);
  }

private:
  std::map<std::string, std::unique_ptr<StreamingMultiplexedChannel>> channels_;
};

// A method of the owner summarized elsewhere may change what its accessor
// returns: after pop(), front() may be another connection.
class ConnQueue {
public:
  StreamingMultiplexedChannel &front();
  void pop();

private:
  StreamingMultiplexedChannel retired_;
};
void ConnQueue::pop() { retired_.close(); }
void drainQueue(ConnQueue &q, StreamMessage m) {
  q.front().close();
  q.pop();
  q.front().sendControlMessage(m);
}

// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
#include <memory>
using namespace cassandra;
using namespace kafka;

// Through a pointer and `->`.
void viaPointer(StreamingMultiplexedChannel *channel, StreamMessage m) {
  channel->close();
  // CHECK: handles.cpp:[[@LINE+1]]:12: warning: call to 'sendControlMessage' on 'channel' after it was closed
  channel->sendControlMessage(m);
}

// A local reference is the object it refers to.
void viaReference(StreamingMultiplexedChannel &channel, StreamMessage m) {
  StreamingMultiplexedChannel &alias = channel;
  alias.close();
  // CHECK: handles.cpp:[[@LINE+1]]:11: warning: call to 'sendControlMessage' on 'channel' after it was closed
  channel.sendControlMessage(m);
}

// Smart pointers: unique_ptr and shared_ptr, with -> and get().
void viaUnique(std::unique_ptr<KafkaProducer> producer, ProducerRecord r) {
  producer->close();
  // CHECK: handles.cpp:[[@LINE+1]]:13: warning: call to 'send' on 'producer' after it was closed
  producer->send(r);
}
void viaShared(std::shared_ptr<KafkaProducer> producer, ProducerRecord r) {
  producer.get()->close();
  // CHECK: handles.cpp:[[@LINE+1]]:13: warning: call to 'flush' on 'producer' after it was closed
  producer->flush();
  (*producer).close();
}

// Members of `this`, with and without an explicit `this->`.
class Session {
public:
  void complete() { channel_.close(); }
  void finish(StreamMessage m) {
    channel_.close();
    // CHECK: handles.cpp:[[@LINE+1]]:20: warning: call to 'sendControlMessage' on 'this->channel_' after it was closed
    this->channel_.sendControlMessage(m);
  }
  void pointerMember(StreamMessage m) {
    out_->close();
    // CHECK: handles.cpp:[[@LINE+1]]:11: warning: call to 'send' on 'out_' after it was closed
    out_->send({});
  }
  // Negative: a member closed, then another member used.
  void twoMembers(StreamMessage m) {
    channel_.close();
    other_.sendControlMessage(m);
  }
  // Negative: a non-const method of this object may reopen its members.
  void restartsInBetween(StreamMessage m) {
    channel_.close();
    restart();
    channel_.sendControlMessage(m);
  }
  void restart();

private:
  StreamingMultiplexedChannel channel_;
  StreamingMultiplexedChannel other_;
  std::unique_ptr<KafkaProducer> out_;
};

// Members of another object, through `.` and `->`.
struct Holder {
  StreamingMultiplexedChannel channel;
};
void viaHolder(Holder &h, Holder *p, StreamMessage m) {
  h.channel.close();
  // CHECK: handles.cpp:[[@LINE+1]]:13: warning: call to 'sendControlMessage' on 'h.channel' after it was closed
  h.channel.sendControlMessage(m);
  p->channel.close();
  // CHECK: handles.cpp:[[@LINE+1]]:14: warning: call to 'sendControlMessage' on 'p->channel' after it was closed
  p->channel.sendControlMessage(m);
}

// Inside the channel class itself: implicit `this` calls.
class LocalChannel {
public:
  void send(int);
  void close();
  void closeAndSend() {
    close();
    // CHECK: handles.cpp:[[@LINE+1]]:5: warning: call to 'send' on '*this' after it was closed
    send(1);
  }
};

// The same source through clang-tidy with the plugin: the same findings.
// RUN: %expect_exit 0 %tidy %s --config="{CheckOptions: {errlint.Cite: none}}" -- %cxxflags | FileCheck %s --implicit-check-not=warning:

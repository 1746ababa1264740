// EventMirror: billing events mirrored into the archive's streaming session.
#include "event_mirror.h"

#include <exception>
#include <stdexcept>
#include <utility>

#include "frame_codec.h"

EventMirror::EventMirror(std::string host) : host_(std::move(host)) {
  session_.channel().setTimeout(10);
}

EventMirror::~EventMirror() { close(); } // OK

bool EventMirror::isOpen() { return !closed_ && !session_.channel().isClosed(); }

void EventMirror::forward(const BillingEvent &ev) {
  if (!isOpen())
    throw std::runtime_error("event mirror to " + host_ + " is closed");
  cassandra::StreamingMultiplexedChannel &ch = session_.channel();
  const cassandra::StreamMessage msg{"billing", frames::encodeBillingEvent(ev)};
  try {
    ch.sendMessage(ch.controlChannel(), msg); // OK
  } catch (const std::exception &e) {
    session_.onError(e.what());
    ch.close();
  }
  ch.sendControlMessage({"checkpoint", ev.meterId + "@" + std::to_string(ev.at)}); // BUG: use-after-close
}

bool EventMirror::tryForward(const BillingEvent &ev) {
  if (!isOpen())
    return false;
  cassandra::StreamingMultiplexedChannel &ch = session_.channel();
  bool sent = true;
  try {
    ch.sendMessage(ch.controlChannel(), {"billing", frames::encodeBillingEvent(ev)}); // OK
  } catch (const std::exception &e) {
    session_.onError(e.what());
    ch.close();
    sent = false;
  }
  if (sent)
    ch.sendControlMessage({"checkpoint", ev.meterId + "@" + std::to_string(ev.at)}); // OK
  return sent;
}

std::size_t EventMirror::replay(const std::vector<BillingEvent> &events) {
  if (!isOpen())
    return 0;
  cassandra::StreamingMultiplexedChannel &ch = session_.channel();
  std::size_t sent = 0;
  for (const BillingEvent &ev : events) {
    try {
      ch.sendMessage(ch.controlChannel(), {"billing", frames::encodeBillingEvent(ev)}); // BUG: use-after-close
      ++sent;
    } catch (const std::exception &e) {
      session_.onError(e.what());
      if (!ch.isClosed())
        ch.close();
    }
  }
  return sent;
}

void EventMirror::handOff(const std::vector<BillingEvent> &tail) {
  if (!isOpen())
    return;
  cassandra::StreamingMultiplexedChannel &ch = session_.channel();
  if (tail.empty()) {
    ch.close();
  }
  for (std::size_t i = 0; i < tail.size(); ++i) {
    ch.sendMessage(ch.controlChannel(), {"billing", frames::encodeBillingEvent(tail[i])}); // OK
    if (i + 1 == tail.size())
      ch.close(); // OK
  }
  closed_ = true;
}

void EventMirror::close() {
  if (closed_)
    return;
  closed_ = true;
  cassandra::StreamingMultiplexedChannel &ch = session_.channel();
  if (!ch.isClosed())
    ch.close(); // OK
}

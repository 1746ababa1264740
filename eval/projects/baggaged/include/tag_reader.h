// TagReaderService: polls the induction tag reader, buffers reads in a ring
// buffer and dispatches them as BagTag messages.
#pragma once
#include "reader_conn.h"
#include "ring_buffer.h"
#include "status.h"
#include <cstddef>
#include <memory>
#include <string>

class EventBus;
class HandlerRegistry;

class TagReaderService {
 public:
  TagReaderService(ReaderConn conn, std::shared_ptr<EventBus> events, std::shared_ptr<HandlerRegistry> registry);
  Status start();
  std::size_t pollOnce();
  void shutdown();   // runs once
  bool running() const;
  std::size_t salvaged() const;

 private:
  std::size_t flushPartialReads();
  void dispatchPending();
  ReaderConn conn_;
  std::shared_ptr<EventBus> events_;
  std::shared_ptr<HandlerRegistry> registry_;
  RingBuffer<std::string, 64> pending_;
  bool running_ = false;
  bool shutDown_ = false;
  std::size_t salvaged_ = 0;
};

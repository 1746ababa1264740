// Outbox relay: drains rows of a transactional outbox table into Kafka, and
// forwards stream-control messages to a Cassandra streaming session. The
// producer is retired (closed) when it has been idle for too long.
// kafka::KafkaProducer (messaging.h): send() after close() fails.
// cassandra::StreamingMultiplexedChannel: sending after close() throws.
// EventChannel: the application's channel; send() on a closed channel fails.
// All objects here are used from a single relay thread.
#include "messaging.h"

#include <cstddef>
#include <string>
#include <vector>

struct OutboxRow {
  long id;
  std::string topic;
  std::string payload;
  bool tombstone;
};

namespace {
const int kIdleTicks = 30;

// Closes the producer after kIdleTicks consecutive ticks without rows.
void retireIfIdle(kafka::KafkaProducer &producer, bool hadRows, int &idleTicks) {
  if (hadRows) {
    idleTicks = 0;
    return;
  }
  if (++idleTicks >= kIdleTicks)
    producer.close();
}
} // namespace

// One relay tick (called every second): publishes the batch, then records
// the tick in the audit topic.
void relayTick(kafka::KafkaProducer &producer, const std::vector<OutboxRow> &rows, long tick,
               int &idleTicks) {
  if (producer.isClosed())
    return;
  for (const OutboxRow &row : rows)
    producer.send({row.topic, row.payload}); // OK: early return when closed
  const bool wasOpen = !producer.isClosed();
  retireIfIdle(producer, !rows.empty(), idleTicks);
  if (wasOpen)
    producer.send({"outbox.audit", "tick " + std::to_string(tick)}); // BUG: use-after-close
}

// Publishes tombstones even when the relay is shutting down ("force").
void publishTombstones(kafka::KafkaProducer &producer, const std::vector<OutboxRow> &rows, bool force) {
  for (const OutboxRow &row : rows) {
    if (!row.tombstone)
      continue;
    if (!producer.isClosed() || force)
      producer.send({row.topic, ""}); // SAME: forcedtomb
  }
}

// Forwards control messages until the peer closes the stream or an error
// message arrives.
void pumpControl(cassandra::StreamingMultiplexedChannel &channel,
                 const std::vector<cassandra::StreamMessage> &inbox) {
  std::size_t next = 0;
  while (!channel.isClosed() && next < inbox.size()) {
    const cassandra::StreamMessage &msg = inbox[next++];
    if (msg.Type == "SESSION_FAILED") {
      channel.close();
    }
    channel.sendControlMessage({"ACK", msg.Type}); // BUG: use-after-close
  }
}

// Same loop for the preview session, written with the break.
void pumpPreview(cassandra::StreamSession &session, const std::vector<cassandra::StreamMessage> &inbox) {
  cassandra::StreamingMultiplexedChannel &channel = session.channel();
  for (const cassandra::StreamMessage &msg : inbox) {
    if (channel.isClosed())
      break;
    if (msg.Type == "SESSION_FAILED") {
      channel.close();
      session.onError("peer failed the session");
      break;
    }
    channel.sendMessage(channel.controlChannel(), msg); // OK: the close path breaks out of the loop
  }
}

// Notifies subscribers; a closed EventChannel is skipped.
void notifyAll(std::vector<EventChannel *> &channels, const std::string &event) {
  for (EventChannel *ch : channels) {
    if (!ch->isOpen())
      continue;
    ch->send(event); // OK: guarded by isOpen()
  }
}

// Final drain at shutdown: tombstones, remaining rows, then close once.
void drainAndClose(kafka::KafkaProducer &producer, const std::vector<OutboxRow> &rows) {
  const bool open = !producer.isClosed();
  if (!open)
    return;
  publishTombstones(producer, rows, false);
  producer.send({"outbox.audit", "draining " + std::to_string(rows.size())}); // OK: publishTombstones() never closes
  for (const OutboxRow &row : rows)
    producer.send({row.topic, row.payload}); // OK: nothing in the loop closes the producer
  producer.flush();
  producer.close();
}

int main() {
  kafka::KafkaProducer producer("broker:9092");
  int idle = 0;
  std::vector<OutboxRow> rows = {{1, "orders", "{\"id\":1}", false}, {2, "orders", "", true}};
  for (long tick = 0; tick < 60; ++tick)
    relayTick(producer, tick == 0 ? rows : std::vector<OutboxRow>{}, tick, idle);
  kafka::KafkaProducer shutdownProducer("broker:9092");
  drainAndClose(shutdownProducer, rows);
  publishTombstones(producer, rows, true); // BUG: use-after-close #forcedtomb
  return 0;
}

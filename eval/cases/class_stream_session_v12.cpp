// Streaming-session code on cassandra::StreamingMultiplexedChannel, EventChannel
// and a kafka::KafkaProducer held by unique_ptr, in the shapes of the negative
// tests of bugprone-use-after-move: the close is on a branch that returns, the
// loop breaks right after closing, a query guards the use, a pointer is
// re-pointed at another object, the owner is reinitialised with a fresh
// producer, and a lambda that captured the channel runs before the close.
// Mostly negative; one bug: main() records a last audit line after
// AuditLog::shutdown() closed its producer.
#include "messaging.h"
#include <memory>
#include <string>
#include <vector>

using cassandra::StreamMessage;

void completeSession(cassandra::StreamSession &Session,
                     const std::vector<StreamMessage> &Files) {
  cassandra::StreamingMultiplexedChannel &Ch = Session.channel();
  if (Session.isPreview()) {
    Ch.sendControlMessage({"PREVIEW_DONE", ""});
    Ch.close();
    return;
  }
  auto SendFile = [&Ch](const StreamMessage &M) {
    Ch.sendMessage(Ch.controlChannel(), M);
  };
  for (const StreamMessage &M : Files)
    SendFile(M);
  Ch.sendControlMessage({"COMPLETE", ""}); // OK: the close above is on a branch that returned
  Ch.close();
}

void sendUntilError(cassandra::StreamingMultiplexedChannel &Ch,
                    cassandra::StreamSession &Session,
                    const std::vector<StreamMessage> &Msgs) {
  for (const StreamMessage &M : Msgs) {
    if (M.Type == "ERROR") {
      Session.onError(M.Body);
      Ch.close();
      break;
    }
    Ch.sendMessage(Ch.controlChannel(), M); // OK: the closing iteration breaks out
  }
  if (!Ch.isClosed())
    Ch.sendControlMessage({"END_OF_BATCH", ""}); // OK: guarded by isClosed()
}

void failover(EventChannel &Primary, EventChannel &Backup, const std::string &Event) {
  EventChannel *Active = &Primary;
  Active->send(Event);
  Primary.close();
  Active = &Backup;
  Active->send(Event); // OK: Active now points at Backup, which is open
  if (Primary.isOpen())
    Primary.send("reopened?"); // OK: only runs if the channel reports itself open
}

class AuditLog {
public:
  explicit AuditLog(std::string Brokers)
      : Brokers(std::move(Brokers)), Producer(kafka::createProducer(this->Brokers)) {}
  void record(const std::string &Line) { Producer->send({"audit", Line}); } // SAME: late
  void rollOver() {
    Producer->flush();
    Producer->close();
    Producer = kafka::createProducer(Brokers);
    Producer->send({"audit", "rolled over"}); // OK: Producer owns a new producer
  }
  void shutdown() { Producer->close(); }

private:
  std::string Brokers;
  std::unique_ptr<kafka::KafkaProducer> Producer;
};

int main() {
  AuditLog Log("kafka-1:9092");
  Log.record("boot");
  Log.rollOver();
  Log.record("after roll-over");
  Log.shutdown();
  Log.record("shutdown complete"); // BUG: use-after-close #late
  EventChannel A, B;
  failover(A, B, "node-3 down");
  B.close();
  return 0;
}

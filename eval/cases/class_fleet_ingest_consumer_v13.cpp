// Telemetry ingest for a fleet of IoT sensors: an RdKafka::KafkaConsumer reads
// the device topics, offsets are committed every CommitEvery messages, alerts
// go to an EventChannel and checkpoints are streamed to the archive node over
// a cassandra::StreamingMultiplexedChannel (all from messaging.h).
//
// Bug (runFleet): when the fleet goes quiet for MaxIdle polls, runFleet()
// calls stop(), which closes the consumer, the archive channel and the alert
// channel, then breaks; the final checkpoint after the loop is still streamed
// on the closed archive channel, whose sendMessage() throws "stream has been
// closed, cannot send ...".
// Bug (ingestMain): after a successful run the caller commits the offsets once
// more, but runFleet() always stops the ingest (closing the consumer) before
// returning true: commitSync() on a closed consumer fails, and its result is
// ignored.
// Correct: raise() only sends while the alert channel is open (it is closed on the
// unhealthy path); the stop() after the loop is skipped when the idle path
// already stopped.
#include "messaging.h"

#include <iostream>
#include <string>

class FleetIngest {
public:
  FleetIngest(RdKafka::KafkaConsumer &Consumer, EventChannel &Alerts,
              cassandra::StreamingMultiplexedChannel &Archive, int CommitEvery)
      : Consumer(Consumer), Alerts(Alerts), Archive(Archive),
        CommitEvery(CommitEvery) {}

  bool start() {
    Archive.setTimeout(30);
    return Consumer.subscribe({"iot.telemetry", "iot.heartbeat"}) == 0;
  }

  // 1: one message, 0: nothing within the poll timeout, -1: fatal.
  int pollOnce() {
    RdKafka::Message *M = Consumer.consume(200);
    if (!M)
      return 0;
    if (++Uncommitted >= CommitEvery) {
      if (Consumer.commitSync() != 0) {
        raise("offset commit failed");
        return -1;
      }
      Uncommitted = 0;
    }
    return 1;
  }

  void raise(const std::string &Why) {
    if (Alerts.isOpen())
      Alerts.send("fleet-ingest: " + Why);
    else
      std::cerr << "fleet-ingest (alerts closed): " << Why << "\n";
  }

  void archiveCheckpoint(int Seq) {
    Archive.sendMessage(Archive.controlChannel(), // SAME: final
                        {"checkpoint", std::to_string(Seq)});
  }

  void stop() {
    Consumer.commitSync();
    Consumer.close();
    Archive.close();
    Alerts.send("fleet-ingest stopped");
    Alerts.close();
  }

private:
  RdKafka::KafkaConsumer &Consumer;
  EventChannel &Alerts;
  cassandra::StreamingMultiplexedChannel &Archive;
  int CommitEvery;
  int Uncommitted = 0;
};

bool runFleet(FleetIngest &Ingest, int Polls, int MaxIdle) {
  int Idle = 0;
  bool Stopped = false;
  for (int I = 0; I < Polls; ++I) {
    int Rc = Ingest.pollOnce();
    if (Rc < 0) {
      Ingest.stop();
      return false;
    }
    Idle = Rc == 0 ? Idle + 1 : 0;
    if (Idle > MaxIdle) { // the fleet went quiet: stop early
      Ingest.stop();
      Stopped = true;
      break;
    }
    if (I % 500 == 499)
      Ingest.archiveCheckpoint(I);
  }
  Ingest.archiveCheckpoint(Polls); // BUG: use-after-close #final
  if (!Stopped)
    Ingest.stop(); // OK: the early stop set Stopped
  return true;
}

int ingestMain(RdKafka::KafkaConsumer &Consumer, EventChannel &Alerts,
               cassandra::StreamingMultiplexedChannel &Archive) {
  FleetIngest Ingest(Consumer, Alerts, Archive, 1000);
  if (!Ingest.start()) {
    std::cerr << "cannot subscribe to the fleet topics\n";
    return 2;
  }
  if (!runFleet(Ingest, 20000, 300)) {
    Ingest.raise("fleet ingest unhealthy"); // OK: raise() checks isOpen()
    return 1;
  }
  Consumer.commitSync(); // BUG: use-after-close
  return 0;
}

// Ice cream plant end-of-shift shutdown. Batch completions are published to
// Kafka from a worker pool (Scheduler), freezer tunnel temperatures go to the
// cold-store monitor over a connection, and the batch log is a FILE*. The
// shutdown is a list of named steps run in order by runSteps(); a step that
// fails stops the sequence. The pool is shut down (which runs the queued tasks
// and joins its threads) before the producer is flushed and closed, the last
// freezer reading is sent before its connection is closed, and each object is
// closed by exactly one step, so no step touches an object an earlier step
// closed.
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "messaging.h"
#include "netconn.h"
#include "scheduler.h"

namespace icecream {

struct Step {
  std::string name;
  std::function<bool()> run;
};

void logStep(const std::string &name, bool ok);
double readTunnelTemp(int tunnel);

static bool runSteps(const std::vector<Step> &steps) {
  for (const Step &s : steps) {
    bool ok = s.run();
    logStep(s.name, ok);
    if (!ok)
      return false;
  }
  return true;
}

struct Plant {
  kafka::KafkaProducer producer{"kafka-1:9092,kafka-2:9092"};
  net::Connection coldStore{"coldstore.plant.local:7002"};
  FILE *batchLog = nullptr;
  Scheduler pool{2};
};

void queueBatchEvents(Plant &plant, const std::vector<std::string> &batches) {
  kafka::KafkaProducer &producer = plant.producer;
  for (const std::string &b : batches)
    plant.pool.submit([&producer, b] {
      producer.send(kafka::ProducerRecord{"plant.batches", b}); // OK
    });
}

bool endShift(Plant &plant, int tunnels) {
  std::vector<Step> steps;
  steps.push_back({"drain batch pool", [&plant] {
                     plant.pool.shutdown();
                     return true;
                   }});
  steps.push_back({"flush batch events", [&plant] {
                     plant.producer.flush(); // OK
                     plant.producer.close(); // OK
                     return true;
                   }});
  steps.push_back({"final tunnel readings", [&plant, tunnels] {
                     for (int t = 0; t < tunnels; ++t)
                       plant.coldStore.send("tunnel " + std::to_string(t) + " " + // OK
                                            std::to_string(readTunnelTemp(t)));
                     plant.coldStore.flush();
                     plant.coldStore.close();
                     return true;
                   }});
  steps.push_back({"close batch log", [&plant] {
                     if (!plant.batchLog)
                       return true;
                     std::fputs("-- shift end --\n", plant.batchLog); // OK
                     bool ok = std::fclose(plant.batchLog) == 0; // OK
                     plant.batchLog = nullptr;
                     return ok;
                   }});
  return runSteps(steps);
}

} // namespace icecream

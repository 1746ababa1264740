// Horse racing timing: transponder passings from the timing gates are read
// from the capture file and published to the results topic. A capture file
// holds one race card, possibly with several sessions, each ended by an END
// line; the relay closes the producer once, on the first END, and keeps
// publishing the sessions after it. Publishing the heats of one race closes
// in the iteration of the last heat only, and stopping the gates closes the
// shared photo-finish producer through std::call_once.
#include "messaging.h"

#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>
#include <vector>

struct Heat {
  int number = 0;
  std::vector<std::string> finishOrder;
};

struct TimingGate {
  std::string name;
  bool running = true;
  void stop() { running = false; }
};

void relayPassings(std::FILE *capture, kafka::KafkaProducer &results) {
  char line[160];
  int session = 1;
  bool resultsClosed = false;
  while (std::fgets(line, sizeof line, capture)) {
    line[std::strcspn(line, "\r\n")] = '\0';
    if (std::strcmp(line, "END") == 0) {
      std::printf("session %d complete\n", session++);
      if (!resultsClosed) {
        results.flush();
        results.close();
        resultsClosed = true;
      }
      continue;
    }
    results.send({"race.passings", line}); // BUG: use-after-close
  }
  std::fclose(capture);
}

void publishHeats(kafka::KafkaProducer &results, const std::vector<Heat> &heats) {
  for (std::size_t i = 0; i < heats.size(); ++i) {
    std::string order;
    for (const std::string &horse : heats[i].finishOrder)
      order += horse + ";";
    results.send({"race.heats", std::to_string(heats[i].number) + "=" + order}); // OK
    if (i + 1 == heats.size()) {
      results.flush(); // OK
      results.close(); // OK
    }
  }
}

void stopGates(std::vector<TimingGate> &gates, kafka::KafkaProducer &photoFinish) {
  std::once_flag closed;
  for (TimingGate &g : gates) {
    if (!g.running)
      continue;
    photoFinish.send({"race.gates", g.name + " stopping"}); // OK
    g.stop();
  }
  for (TimingGate &g : gates) {
    std::printf("gate %s stopped\n", g.name.c_str());
    std::call_once(closed, [&photoFinish] {
      photoFinish.flush();
      photoFinish.close(); // OK
    });
  }
}

// iotbridge command line.
//
//   iotbridge run <config>            run the bridge until SIGINT/SIGTERM
//   iotbridge watch-config <dir>      print config-directory changes until a signal
//   iotbridge replay <config>         push spilled segments to Kafka and exit
//   iotbridge verify <config>         check that spilled segments decode
//   iotbridge probe <host> <port> <device-id> <token>
//                                     handshake as a device and print the reply
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <memory>
#include <string>
#include <thread>

#include "iotbridge/bridge.h"
#include "iotbridge/config.h"
#include "iotbridge/config_watcher.h"
#include "iotbridge/kafka_sink.h"
#include "iotbridge/log.h"
#include "iotbridge/replay_service.h"
#include "iotbridge/segment_io.h"
#include "iotbridge/socket_util.h"
#include "iotbridge/task_crew.h"
#include "messaging.h"

using namespace iotbridge;

namespace {

// Blocks SIGINT/SIGTERM in the calling thread; threads created afterwards
// inherit the mask, so only waitForSignal() sees them.
sigset_t blockTerminationSignals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
  return set;
}

int waitForSignal(const sigset_t& set) {
  int sig = 0;
  sigwait(&set, &sig);
  return sig;
}

int usage() {
  std::fprintf(stderr,
               "usage: iotbridge run <config>\n"
               "       iotbridge watch-config <dir>\n"
               "       iotbridge replay <config>\n"
               "       iotbridge verify <config>\n"
               "       iotbridge probe <host> <port> <device-id> <token>\n");
  return 64;
}

int cmdRun(const std::string& configPath) {
  const sigset_t signals = blockTerminationSignals();
  Bridge bridge(loadConfig(configPath));
  if (!bridge.start()) {
    std::fprintf(stderr, "iotbridge: failed to start\n");
    return 1;
  }
  int sig = waitForSignal(signals);
  IOTB_LOG(Info, "main", "signal " << sig << ", shutting down");
  bridge.stop();
  return 0;
}  // OK: ~Bridge calls stop() again, which returns because the state is no longer Running

int cmdWatchConfig(const std::string& dir) {
  const sigset_t signals = blockTerminationSignals();
  ConfigWatcher watcher(dir, [](const std::string& path) {
    std::printf("changed: %s\n", path.c_str());
    std::fflush(stdout);
  });
  if (!watcher.start()) return 1;
  waitForSignal(signals);
  watcher.stop();
  std::printf("stopped\n");
  return 0;
}  // BUG: double-close #watchdtor

int cmdReplay(const std::string& configPath) {
  const BridgeConfig config = loadConfig(configPath);
  auto producer = std::make_shared<kafka::KafkaProducer>(config.brokers);
  KafkaSink sink(producer, config.telemetryTopic, config.maxProducerBacklog,
                 config.producerCloseTimeoutMs);
  TaskCrew crew(config.drainers, "replay");
  // A running bridge may be appending to the newest segment: leave it alone.
  ReplayService replay(crew, sink, config.bufferDir, seg::lastSegmentIndex(config.bufferDir));

  const std::size_t scheduled = replay.scheduleAll();
  crew.shutdown();  // waits for the first pass
  if (replay.failedCount() > 0) {
    IOTB_LOG(Warn, "main", replay.failedCount() << " of " << scheduled
                                                << " segments refused, retrying once");
    std::this_thread::sleep_for(std::chrono::seconds(5));
    replay.retryFailed();  // BUG: use-after-close #retrypost
    crew.shutdown();
  }
  sink.close();
  std::printf("replayed %zu records from %zu segments, %zu left\n", replay.replayedRecords(),
              scheduled, replay.failedCount());
  return replay.failedCount() == 0 ? 0 : 2;
}

int cmdVerify(const std::string& configPath) {
  const BridgeConfig config = loadConfig(configPath);
  auto producer = std::make_shared<kafka::KafkaProducer>(config.brokers);
  KafkaSink sink(producer, config.telemetryTopic, config.maxProducerBacklog,
                 config.producerCloseTimeoutMs);
  TaskCrew crew(1, "verify");
  ReplayService replay(crew, sink, config.bufferDir, 0);
  int bad = 0;
  for (const std::string& path : seg::listSegments(config.bufferDir, 0)) {
    if (!replay.verifySegment(path)) ++bad;
  }
  std::printf("%d bad segments\n", bad);
  return bad == 0 ? 0 : 2;
}

int cmdProbe(const std::string& host, const std::string& port, const std::string& deviceId,
             const std::string& token) {
  int fd = net::connectTo(host, static_cast<std::uint16_t>(std::atoi(port.c_str())), 3000);
  if (fd < 0) {
    std::perror("connect");
    return 2;
  }
  const std::string hello = "HELLO " + deviceId + " " + token + " probe\n";
  if (::send(fd, hello.data(), hello.size(), MSG_NOSIGNAL) < 0) {
    std::perror("send");
    ::close(fd);
    return 2;
  }
  char reply[512];
  ssize_t n = ::recv(fd, reply, sizeof reply - 1, 0);  // OK: the failed-send path closed fd and returned
  ::close(fd);
  if (n <= 0) {
    std::fprintf(stderr, "no reply\n");
    return 3;
  }
  reply[n] = '\0';
  std::fputs(reply, stdout);
  return std::strncmp(reply, "WELCOME", 7) == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) return usage();
  if (const char* level = std::getenv("IOTBRIDGE_DEBUG")) {
    if (*level == '1') setLogLevel(LogLevel::Debug);
  }
  const std::string cmd = argv[1];
  try {
    if (cmd == "run") return cmdRun(argv[2]);
    if (cmd == "watch-config") return cmdWatchConfig(argv[2]);
    if (cmd == "replay") return cmdReplay(argv[2]);
    if (cmd == "verify") return cmdVerify(argv[2]);
    if (cmd == "probe" && argc == 6) return cmdProbe(argv[2], argv[3], argv[4], argv[5]);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "iotbridge %s: %s\n", cmd.c_str(), e.what());
    return 1;
  }
  return usage();
}

// pushgw: the push-notification gateway's command line.
//   pushgw serve [--spool=DIR] [--credentials=FILE] [--log=FILE] [--brokers=LIST]
//                [--workers=N] [--canary=HOST:PORT --canary-key=KEY]
//       runs the gateway; reads commands from stdin (see command_reader.h)
//   pushgw replay LOGFILE [--brokers=LIST] [--topic=TOPIC]
//       re-publishes the receipts of a delivery log on Kafka
//   pushgw check-creds FILE
//       opens a trial connection for every tenant of a credentials file
// Bug #replayclose (use-after-close) in runReplay(): the producer is closed
// before the ReceiptPublisher that shares it; the publisher's close() then
// sends the receipts still batched (SAME line in receipt_publisher.cpp) on the
// closed producer: send() fails ("Producer closed while send in progress") and
// the last batch of receipts (up to 31) is never published.
// Correct in runServe(): a "quit" command has usually stopped the gateway already;
// Gateway::stop() is idempotent (state check under its mutex).
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <string>

#include "messaging.h"
#include "pushgw/command_reader.h"
#include "pushgw/credential_reloader.h"
#include "pushgw/credentials.h"
#include "pushgw/gateway.h"
#include "pushgw/notification.h"
#include "pushgw/receipt_publisher.h"

namespace {

using namespace pushgw;

bool option(const std::string &arg, const char *name, std::string &value) {
  const std::string prefix = std::string("--") + name + "=";
  if (arg.compare(0, prefix.size(), prefix) != 0)
    return false;
  value = arg.substr(prefix.size());
  return true;
}

int usage() {
  std::fprintf(stderr,
               "usage: pushgw serve [--spool=DIR] [--credentials=FILE] [--log=FILE]\n"
               "                    [--brokers=LIST] [--workers=N]\n"
               "                    [--canary=HOST:PORT --canary-key=KEY]\n"
               "       pushgw replay LOGFILE [--brokers=LIST] [--topic=TOPIC]\n"
               "       pushgw check-creds FILE\n");
  return 2;
}

int runServe(int argc, char **argv) {
  GatewayConfig cfg;
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    std::string value;
    if (option(arg, "spool", value)) {
      cfg.spoolDir = value;
    } else if (option(arg, "credentials", value)) {
      cfg.credentialsPath = value;
    } else if (option(arg, "log", value)) {
      cfg.logPath = value;
    } else if (option(arg, "brokers", value)) {
      cfg.brokers = value;
    } else if (option(arg, "workers", value)) {
      cfg.workers = static_cast<std::size_t>(std::strtoul(value.c_str(), nullptr, 10));
    } else if (option(arg, "canary", value)) {
      const std::size_t colon = value.rfind(':');
      if (colon == std::string::npos)
        return usage();
      cfg.canary = Endpoint{value.substr(0, colon), std::atoi(value.c_str() + colon + 1)};
    } else if (option(arg, "canary-key", value)) {
      cfg.canaryKey = value;
    } else {
      return usage();
    }
  }
  Gateway gateway(cfg);
  try {
    gateway.start();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "pushgw: cannot start: %s\n", e.what());
    return 1;
  }
  CommandReader commands(gateway, stdin, stdout);
  commands.run();
  gateway.stop(); // OK: after "quit" the gateway is already stopped; stop() is idempotent
  return 0;
}

int runReplay(int argc, char **argv) {
  if (argc < 3)
    return usage();
  const std::string logPath = argv[2];
  std::string brokers = "localhost:9092";
  std::string topic = "push.receipts";
  for (int i = 3; i < argc; ++i) {
    std::string value;
    if (option(argv[i], "brokers", value))
      brokers = value;
    else if (option(argv[i], "topic", value))
      topic = value;
    else
      return usage();
  }
  std::FILE *in = std::fopen(logPath.c_str(), "r");
  if (!in) {
    std::perror(logPath.c_str());
    return 1;
  }
  auto producer = std::shared_ptr<kafka::KafkaProducer>(kafka::createProducer(brokers));
  ReceiptPublisher receipts(producer, topic);
  std::size_t count = 0;
  char line[2048];
  while (std::fgets(line, sizeof line, in)) {
    DeliveryReceipt r;
    if (!decodeLogLine(line, r))
      continue;
    receipts.publish(r);
    ++count;
  }
  std::fclose(in);
  producer->flush();
  producer->close();
  receipts.close(); // BUG: use-after-close #replayclose
  std::printf("replayed %zu receipts to %s\n", count, topic.c_str());
  return 0;
}

int runCheckCreds(int argc, char **argv) {
  if (argc != 3)
    return usage();
  CredentialStore store;
  try {
    if (!store.load(argv[2])) {
      std::perror(argv[2]);
      return 1;
    }
  } catch (const std::exception &e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
  int failed = 0;
  for (const auto &[tenant, creds] : store.all()) {
    std::string why;
    if (CredentialReloader::validate(creds, why)) {
      std::printf("%-24s ok\n", tenant.c_str());
    } else {
      std::printf("%-24s FAILED: %s\n", tenant.c_str(), why.c_str());
      ++failed;
    }
  }
  return failed == 0 ? 0 : 3;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2)
    return usage();
  const std::string command = argv[1];
  try {
    if (command == "serve")
      return runServe(argc, argv);
    if (command == "replay")
      return runReplay(argc, argv);
    if (command == "check-creds")
      return runCheckCreds(argc, argv);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "pushgw %s: %s\n", command.c_str(), e.what());
    return 1;
  }
  return usage();
}

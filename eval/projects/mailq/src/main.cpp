// mailq daemon entry point: runs the delivery queue until SIGINT/SIGTERM,
// feeding it from a pickup directory, and reports lifecycle events to the
// operations Kafka cluster.
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>

#include <signal.h>
#include <time.h>

#include <messaging.h>

#include "mailq/log.h"
#include "mailq/queue_manager.h"
#include "mailq/spool.h"

namespace fs = std::filesystem;

namespace {

struct CommandLine {
  mailq::Options opts;
  std::string pickupDir = "/var/spool/mailq/pickup";
  std::string opsBrokers = "ops-kafka:9092";
  std::string exportPath;
};

void usage() {
  std::cerr << "usage: mailq [--config PATH] [--spool DIR] [--pickup DIR] [--admin SOCKET]\n"
               "             [--metrics PATH] [--audit PATH] [--ops-brokers LIST]\n"
               "             [--export PATH]\n";
}

bool parseArgs(int argc, char **argv, CommandLine &cl) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (i + 1 >= argc) {
      usage();
      return false;
    }
    const std::string value = argv[++i];
    if (arg == "--config") cl.opts.configPath = value;
    else if (arg == "--spool") { cl.opts.spoolDir = value; cl.opts.bounceDir = value + "/bounces"; }
    else if (arg == "--pickup") cl.pickupDir = value;
    else if (arg == "--admin") cl.opts.adminSocket = value;
    else if (arg == "--metrics") cl.opts.metricsPath = value;
    else if (arg == "--audit") cl.opts.auditPath = value;
    else if (arg == "--ops-brokers") cl.opsBrokers = value;
    else if (arg == "--export") cl.exportPath = value;
    else {
      usage();
      return false;
    }
  }
  return true;
}

// A pickup file is a header block ("From:", "To:" with comma-separated
// recipients), a blank line, and the body.
bool readPickupFile(const fs::path &path, mailq::Message &m) {
  std::ifstream in(path);
  if (!in)
    return false;
  std::string line;
  while (std::getline(in, line) && !line.empty()) {
    if (line.rfind("From:", 0) == 0) {
      m.sender = line.substr(line.find_first_not_of(' ', 5));
    } else if (line.rfind("To:", 0) == 0) {
      std::istringstream rcpts(line.substr(3));
      std::string r;
      while (std::getline(rcpts, r, ','))
        if (r.find_first_not_of(' ') != std::string::npos)
          m.recipients.push_back(r.substr(r.find_first_not_of(' ')));
    }
  }
  std::ostringstream body;
  body << in.rdbuf();
  m.body = body.str();
  return !m.recipients.empty();
}

std::size_t scanPickup(const std::string &dir, mailq::QueueManager &queue) {
  std::size_t n = 0;
  std::error_code ec;
  for (const fs::directory_entry &entry : fs::directory_iterator(dir, ec)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".msg")
      continue;
    mailq::Message m;
    if (readPickupFile(entry.path(), m)) {
      queue.enqueue(std::move(m));
      ++n;
    } else {
      mailq::logWarn("pickup: ignoring malformed " + entry.path().string());
    }
    fs::remove(entry.path(), ec);
  }
  return n;
}

} // namespace

int main(int argc, char **argv) {
  CommandLine cl;
  if (!parseArgs(argc, argv, cl))
    return 2;

  if (!cl.exportPath.empty()) {
    try {
      mailq::Spool spool(cl.opts.spoolDir);
      const std::size_t n = spool.exportTo(cl.exportPath);
      std::cout << "exported " << n << " messages\n";
      return 0;
    } catch (const std::exception &e) {
      std::cerr << "mailq: export failed: " << e.what() << '\n';
      return 1;
    }
  }

  // Block the shutdown signals before any thread starts so only sigtimedwait()
  // below sees them.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);

  try {
    std::unique_ptr<kafka::KafkaProducer> ops = kafka::createProducer(cl.opsBrokers);
    mailq::QueueManager queue(cl.opts);
    queue.bus().subscribe("queue.lifecycle", [&ops](const mailq::Event &e) {
      ops->send(kafka::ProducerRecord{"mailq.lifecycle", e.detail}); // BUG: use-after-close #lifecycle_hook
    });
    queue.start();

    for (;;) {
      scanPickup(cl.pickupDir, queue);
      timespec timeout{};
      timeout.tv_sec = 2;
      const int sig = sigtimedwait(&signals, nullptr, &timeout);
      if (sig == SIGINT || sig == SIGTERM) {
        mailq::logInfo(std::string("received ") + strsignal(sig) + ", shutting down");
        break;
      }
    }

    // Deliver whatever lifecycle events are still buffered before going down.
    ops->flush();
    ops->close(); // SAME: lifecycle_hook
    queue.stop();
  } catch (const std::exception &e) {
    std::cerr << "mailq: " << e.what() << '\n';
    return 1;
  }
  return 0;
}

// Server: wires the kvlog components together, serves requests and shuts
// everything down step by step.
#include "kvlog/server.h"
#include "kvlog/log.h"
#include "kvlog/recovery.h"
#include "kvlog/shutdown_steps.h"

#include <algorithm>
#include <arpa/inet.h>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fstream>
#include <netinet/in.h>
#include <sstream>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

namespace kvlog {
namespace {

// Probes a follower's control endpoint ("host:port") with a TCP connect and
// returns a connection object for it, or nullptr if it is not reachable.
FollowerTable::ConnPtr dialFollower(const std::string &endpoint) {
  const auto colon = endpoint.rfind(':');
  if (colon == std::string::npos)
    return nullptr;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(std::atoi(endpoint.c_str() + colon + 1)));
  if (::inet_pton(AF_INET, endpoint.substr(0, colon).c_str(), &addr.sin_addr) != 1)
    return nullptr;
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0)
    return nullptr;
  const bool reachable = ::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) == 0;
  ::close(fd);
  if (!reachable)
    return nullptr;
  return std::make_shared<net::Connection>(endpoint);
}

std::string valueReply(const ValueEntry &entry) {
  return entry.tombstone ? "$-1" : "$" + entry.value;
}

} // namespace

Server::Server(Config cfg) : cfg_(std::move(cfg)), memtable_(std::make_shared<MemTable>()) {}

Server::~Server() {
  shutdown(); // OK: a second call returns at the shutDown_ check
}

std::vector<std::string> Server::existingTables() const {
  std::vector<std::string> tables;
  DIR *dir = ::opendir(cfg_.dataDir.c_str());
  if (dir == nullptr)
    return tables;
  while (dirent *entry = ::readdir(dir)) {
    const std::string name = entry->d_name;
    if (name.size() > 4 && name.compare(name.size() - 4, 4, ".sst") == 0)
      tables.push_back(cfg_.dataDir + "/" + name);
  }
  ::closedir(dir);
  std::sort(tables.begin(), tables.end());
  return tables;
}

bool Server::start() {
  openLogs(cfg_.logPath, cfg_.slowLogPath);
  ::mkdir(cfg_.dataDir.c_str(), 0755);
  ::mkdir(cfg_.walDir.c_str(), 0755);

  RecoveryManager recovery(cfg_.walDir, *memtable_);
  const RecoveryStats recovered = recovery.run();
  nextSeq_ = recovered.lastSeq + 1;

  wal_ = std::make_unique<WalWriter>(cfg_.walDir, cfg_.walSegmentBytes);
  if (!wal_->open(recovered.lastSegmentIndex + 1))
    return false;
  wal_->setListener([this](const WalRecord &rec, const std::string &frame) { onWalAppend(rec, frame); });

  const std::vector<std::string> tables = existingTables();
  compactor_ = std::make_unique<Compactor>(cfg_.dataDir, tableCache_, metrics_);
  compactor_->addExisting(tables);
  if (!compactor_->start(cfg_.compactionThreads))
    return false;

  std::uint64_t firstTableIndex = 1;
  for (const std::string &table : tables) {
    const auto pos = table.rfind("/sst-");
    if (pos != std::string::npos)
      firstTableIndex = std::max<std::uint64_t>(
          firstTableIndex, std::strtoull(table.c_str() + pos + 5, nullptr, 10) + 1);
  }
  flusher_ = std::make_unique<MemTableFlusher>(cfg_.dataDir, firstTableIndex, metrics_);
  flusher_->setOnFlushed([this](const std::string &path) { onTableFlushed(path); });
  flusher_->start();

  leader_ = std::make_unique<ReplicationLeader>(std::chrono::milliseconds(cfg_.heartbeatMs),
                                                std::chrono::milliseconds(cfg_.followerTimeoutMs),
                                                dialFollower);
  for (const FollowerConfig &follower : cfg_.followers)
    leader_->addFollower(follower.id, follower.endpoint);
  leader_->start();

  cdc_ = std::make_unique<CdcPublisher>(cfg_.kafkaBrokers, cfg_.cdcTopic, cfg_.cdcSpoolPath);
  if (!cfg_.kafkaBrokers.empty())
    cdc_->start();
  maintenance_ = std::make_unique<HeartbeatTimer>("maintenance");
  maintenance_->start(std::chrono::seconds(1), [this] {
    cdc_->maintain(); // OK: maintain() returns early after shutdown(), and this timer stops first
  });

  snapshots_ = std::make_unique<SnapshotExporter>();
  metricsDumper_ = std::make_unique<MetricsDumper>(
      metrics_, cfg_.metricsPath, std::chrono::milliseconds(cfg_.metricsIntervalMs));
  metricsDumper_->start();

  admin_ = std::make_unique<AdminSocket>(
      cfg_.adminSocketPath,
      [this](const std::string &command, int clientFd) { return adminCommand(command, clientFd); },
      [this] {
        if (onQuit_)
          onQuit_();
      });
  if (!admin_->start())
    logWarn("admin socket unavailable");

  listener_ = std::make_unique<ClientListener>(
      cfg_.listenAddress, cfg_.listenPort, cfg_.handlerThreads,
      [this](const std::string &line) { return handleRequest(line); });
  return listener_->start();
}

void Server::onWalAppend(const WalRecord &rec, const std::string &frame) {
  leader_->streamRecord(frame); // OK: streamRecord() checks stopped_ under the leader's lock
  if (rec.op == WalRecord::Op::Put)
    cdc_->publish(rec.key, rec.value); // OK: publish() drops records once shutdown() has run
  else if (rec.op == WalRecord::Op::Delete)
    cdc_->publish(rec.key, std::string()); // OK: publish() drops records once shutdown() has run
}

void Server::onTableFlushed(const std::string &path) {
  {
    std::lock_guard<std::mutex> lock(tableMu_);
    frozen_.reset();
  }
  compactor_->noteNewTable(path);
}

void Server::maybeFreezeMemtable() {
  std::shared_ptr<const MemTable> frozen;
  {
    std::lock_guard<std::mutex> lock(tableMu_);
    if (frozen_ || memtable_->approximateBytes() < cfg_.memtableFlushBytes)
      return;
    frozen_ = memtable_;
    memtable_ = std::make_shared<MemTable>();
    frozen = frozen_;
  }
  flusher_->scheduleFlush(std::move(frozen)); // OK: the client handlers are stopped before the flusher
}

std::string Server::lookup(const std::string &key) {
  std::shared_ptr<MemTable> active;
  std::shared_ptr<const MemTable> frozen;
  {
    std::lock_guard<std::mutex> lock(tableMu_);
    active = memtable_;
    frozen = frozen_;
  }
  ValueEntry entry;
  if (active->get(key, entry) || (frozen && frozen->get(key, entry)))
    return valueReply(entry);
  for (const std::string &path : compactor_->liveTables()) {
    std::shared_ptr<SSTableReader> reader = tableCache_.acquire(path);
    if (!reader)
      continue;
    std::optional<ValueEntry> hit = reader->get(key); // BUG: use-after-close #evict_race
    if (hit)
      return valueReply(*hit);
  }
  return "$-1";
}

std::string Server::handleRequest(const std::string &line) {
  const auto begin = std::chrono::steady_clock::now();
  std::istringstream in(line);
  std::string op, key;
  in >> op >> key;
  std::string value;
  std::getline(in >> std::ws, value);

  std::string response;
  if (op == "PING") {
    response = "+PONG";
  } else if (op == "GET" && !key.empty()) {
    response = lookup(key);
  } else if ((op == "SET" || op == "DEL") && !key.empty()) {
    WalRecord rec;
    rec.seq = nextSeq_.fetch_add(1);
    rec.op = op == "SET" ? WalRecord::Op::Put : WalRecord::Op::Delete;
    rec.key = key;
    rec.value = value;
    wal_->append(rec); // OK: the listener and its handler pool stop before the WAL is closed
    std::shared_ptr<MemTable> table;
    {
      std::lock_guard<std::mutex> lock(tableMu_);
      table = memtable_;
    }
    if (rec.op == WalRecord::Op::Put)
      table->put(key, value);
    else
      table->remove(key);
    maybeFreezeMemtable();
    response = "+STORED";
  } else if (op == "MSET" && !key.empty()) {
    // MSET k1 v1 k2 v2 ...
    std::istringstream pairs(key + " " + value);
    std::vector<WalRecord> batch;
    std::string k, v;
    while (pairs >> k >> v) {
      WalRecord rec;
      rec.seq = nextSeq_.fetch_add(1);
      rec.key = k;
      rec.value = v;
      batch.push_back(rec);
    }
    wal_->appendBatch(batch);
    std::shared_ptr<MemTable> table;
    {
      std::lock_guard<std::mutex> lock(tableMu_);
      table = memtable_;
    }
    for (const WalRecord &rec : batch)
      table->put(rec.key, rec.value);
    maybeFreezeMemtable();
    response = "+STORED " + std::to_string(batch.size());
  } else if (op == "REPLACK" && !key.empty()) {
    leader_->onAck(key, std::strtoull(value.c_str(), nullptr, 10));
    response = "+ACK";
  } else {
    response = "-ERR unknown command";
  }
  const auto elapsed = std::chrono::steady_clock::now() - begin;
  if (elapsed > std::chrono::milliseconds(50))
    logSlow("%s took %lld ms", op.c_str(),
            static_cast<long long>(
                std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count()));
  metrics_.add("requests." + op, 1);
  return response;
}

std::string Server::adminCommand(const std::string &command, int clientFd) {
  std::istringstream in(command);
  std::string verb;
  in >> verb;
  if (verb == "stats")
    return metrics_.render();
  if (verb == "rotate")
    return wal_->rotate() ? "rotated\n" : "rotation failed\n"; // OK: the admin socket stops before the WAL closes
  if (verb == "snapshot") {
    std::string path;
    in >> path;
    std::shared_ptr<MemTable> table;
    {
      std::lock_guard<std::mutex> lock(tableMu_);
      table = memtable_;
    }
    const std::uint64_t seq = nextSeq_.load() - 1;
    if (path == "-")
      return snapshots_->exportToFd(clientFd, *table, seq) ? "\n" : "snapshot failed\n"; // OK: AdminSocket closes clientFd only after the reply
    return snapshots_->exportTo(path, *table, seq) ? "snapshot written\n" : "snapshot failed\n";
  }
  if (verb == "metrics") {
    std::string path;
    in >> path;
    return metricsDumper_->dumpTo(path) ? "metrics written\n" : "metrics failed\n";
  }
  if (verb == "follower") {
    std::string action, id, endpoint;
    in >> action >> id >> endpoint;
    if (action == "add" && !endpoint.empty()) {
      leader_->addFollower(id, endpoint);
      return "follower added\n";
    }
    if (action == "remove") {
      leader_->removeFollower(id);
      return "follower removed\n";
    }
    return "usage: follower add <id> <host:port> | follower remove <id>\n";
  }
  if (verb == "term") {
    std::uint64_t term = 0;
    in >> term;
    leader_->announceTerm(term);
    return "term announced\n";
  }
  if (verb == "manifest")
    return compactor_->writeManifest() ? "manifest written\n" : "manifest failed\n";
  return "unknown command\n";
}

void Server::persistLastSeq() {
  wal_->sync(); // SAME: final_sync
  const std::string path = cfg_.dataDir + "/LAST_SEQ";
  std::ofstream out(path, std::ios::out | std::ios::trunc);
  out << wal_->lastSeq() << '\n';
}

void Server::shutdown() {
  {
    std::lock_guard<std::mutex> lock(stopMu_);
    if (shutDown_)
      return;
    shutDown_ = true;
  }
  logInfo("kvlog: shutting down");
  runStep("stop client listener", [this] {
    if (listener_)
      listener_->stop();
  });
  runStep("stop admin socket", [this] {
    if (admin_)
      admin_->stop();
  });
  runStep("stop compactor", [this] {
    if (compactor_)
      compactor_->stop();
  });
  runStep("stop flusher", [this] {
    if (flusher_)
      flusher_->stop();
  });
  runStep("flush active memtable", [this] {
    if (flusher_ && memtable_->size() > 0)
      flusher_->scheduleFlush(memtable_); // BUG: use-after-close #late_flush
  });
  runStep("write manifest", [this] {
    if (compactor_)
      compactor_->writeManifest(); // OK: writeManifest() uses no pool or worker; the compactor's files are its own
  });
  runStep("stop replication", [this] {
    if (leader_)
      leader_->stop();
  });
  runStep("close wal", [this] {
    if (wal_)
      wal_->close();
  });
  runStep("stop maintenance", [this] {
    if (maintenance_)
      maintenance_->stop();
  });
  runStep("stop cdc", [this] {
    if (cdc_)
      cdc_->shutdown();
  });
  runStep("persist last sequence", [this] {
    if (wal_)
      persistLastSeq(); // BUG: use-after-close #final_sync
  });
  runStep("stop metrics", [this] {
    if (metricsDumper_)
      metricsDumper_->stop();
  });
  tableCache_.clear();
  metricsDumper_.reset(); // BUG: double-close #metrics_twice
  logInfo("kvlog: shutdown complete");
}

} // namespace kvlog

// Engine: the matching core. Owns the order book, the order journal, the
// market-data publishers and a worker pool for outbound notifications; uses
// the session registry, the risk client, the drop-copy producer and the
// scheduler owned by main(). Book, journal and audit log are guarded by mu_.
#pragma once
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>

#include "matchd/dropcopy.h"
#include "matchd/journal.h"
#include "matchd/md_publisher.h"
#include "matchd/order_book.h"
#include "matchd/registry.h"
#include "matchd/risk_client.h"
#include "matchd/scheduler.h"
#include "matchd/types.h"
#include "matchd/worker_pool.h"

namespace matchd {

struct EngineConfig {
  std::string journalPath = "matchd.journal";
  std::string auditPath = "matchd.audit";
  std::string mdGroup = "239.1.1.1";
  std::uint16_t mdPort = 30001;
  std::string snapGroup = "239.1.1.2";
  std::uint16_t snapPort = 30002;
  std::size_t notifyThreads = 2;
};

class Engine {
public:
  Engine(const EngineConfig &cfg, SessionRegistry &reg, RiskClient &risk, DropCopyProducer &dropCopy,
         Scheduler &sched);
  ~Engine();
  Engine(const Engine &) = delete;
  Engine &operator=(const Engine &) = delete;

  // Must run before start(): replays a previous journal into the book.
  std::size_t recover(const std::string &path);
  void start();
  RejectCode submit(const Order &o);
  bool cancel(std::uint64_t sessionId, std::uint64_t orderId);
  std::size_t publishSnapshot();
  void checkpoint();
  void rollAudit(const std::string &nextPath);
  // Stops accepting orders, runs the closing auction and closes all outputs. Idempotent.
  void stop();

  Journal &journal() { return journal_; }
  std::uint64_t lastSeq() const;

private:
  void onTrade(const Fill &f);
  void notifyParties(const Fill &f);
  void publishBook(const std::string &symbol);
  void publishStats();
  void audit(const std::string &line);
  void closeAudit();

  SessionRegistry &reg_;
  RiskClient &risk_;
  DropCopyProducer &dropCopy_;
  Scheduler &sched_;

  mutable std::mutex mu_;
  OrderBook book_;
  Journal journal_;
  std::optional<Journal> audit_;
  MarketDataPublisher md_;
  MarketDataPublisher snap_;
  WorkerPool pool_;
  bool started_ = false;
  bool stopped_ = false;
  std::uint64_t seq_ = 0;
  std::uint64_t mdSeq_ = 0;
  Scheduler::TimerId statsTimer_ = 0;
};

} // namespace matchd

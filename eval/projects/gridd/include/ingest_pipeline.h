// Moves readings from the loop thread into the readings store: the loop
// thread submit()s, a worker thread appends to the current day file, syncs
// periodically, rotates at UTC midnight and hands closed days to the
// compactor. stop() closes the queue, lets the worker drain it and releases
// the store.
#pragma once
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <thread>

#include "audit_log.h"
#include "compactor.h"
#include "ingest_queues.h"
#include "readings_store.h"

class IngestPipeline {
public:
  IngestPipeline(ReadingQueue &queue, std::string dataDir, AuditLog &audit, Compactor &compactor);
  ~IngestPipeline();
  IngestPipeline(const IngestPipeline &) = delete;
  IngestPipeline &operator=(const IngestPipeline &) = delete;

  bool start();
  void submit(Reading r);
  void stop();
  std::uint64_t stored() const { return stored_.load(); }
  std::uint64_t dropped() const { return dropped_.load(); }

private:
  static constexpr std::size_t kSyncEvery = 512;

  void run();
  bool rollOver(const std::string &today);

  ReadingQueue &queue_;
  const std::string dataDir_;
  AuditLog &audit_;
  Compactor &compactor_;
  std::unique_ptr<ReadingsStore> store_;
  std::atomic<std::uint64_t> stored_{0};
  std::atomic<std::uint64_t> dropped_{0};
  std::thread worker_;
};

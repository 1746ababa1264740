// Range exports requested through the spool directory. Jobs run on the
// export workers and announce their result on Kafka when they are done.
#pragma once
#include "messaging.h"
#include "segment_store.h"
#include "thread_pool.h"
#include "work_queue.h"
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace histd {

struct ExportRequest {
  uint32_t tagId = 0;
  std::string tagName;
  int64_t fromMicros = 0;
  int64_t toMicros = 0;
};

struct ExportJob {
  std::string id;
  ExportRequest request;
  std::string path;
  std::shared_ptr<kafka::KafkaProducer> notify;
  std::string topic;
  int attempts = 0;
  std::size_t rows = 0;

  std::mutex mu;
  std::atomic<bool> cancelled{false};
  bool done = false;
  std::ofstream out;
};

class QueryService {
public:
  QueryService(SegmentStore &store, std::string exportDir,
               std::shared_ptr<kafka::KafkaProducer> producer, std::string topic,
               unsigned workers);
  ~QueryService();

  QueryService(const QueryService &) = delete;
  QueryService &operator=(const QueryService &) = delete;

  std::string submit(const ExportRequest &request);
  bool cancel(const std::string &jobId);
  void setProducer(std::shared_ptr<kafka::KafkaProducer> producer);
  void setExportDir(std::string dir);
  void stop();
  std::size_t activeJobs() const;

private:
  void workerLoop();
  void run(ExportJob &job);
  void forget(const std::string &jobId);

  SegmentStore &store_;
  std::string exportDir_;
  std::shared_ptr<kafka::KafkaProducer> producer_;
  std::string topic_;
  WorkQueue<std::shared_ptr<ExportJob>> jobs_;
  mutable std::mutex mu_;
  std::map<std::string, std::shared_ptr<ExportJob>> active_;
  uint64_t nextId_ = 1;
  ThreadPool workers_;
};

} // namespace histd

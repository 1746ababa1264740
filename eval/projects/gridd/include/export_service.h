// Bulk exports of a billing period's interval data for the billing system.
// Requests are queued with submit() and handed to the executor by
// submitPending(); run() performs one export on the calling thread and
// announces the finished file on the billing topic.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>

#include "audit_log.h"
#include "billing_period.h"
#include "billing_publisher.h"
#include "bounded_ring.h"
#include "status.h"
#include "task_executor.h"

struct ExportRequest {
  enum class Format { Csv, Xml };
  BillingPeriod period;
  Format format = Format::Csv;
  std::string path;
  std::shared_ptr<ExportRequest> then;   // run after this one succeeds
};

class ExportService {
public:
  ExportService(std::string dataDir, TaskExecutor &executor, AuditLog &audit);

  void setPublisher(std::shared_ptr<BillingPublisher> publisher);
  bool submit(ExportRequest req);
  std::size_t submitPending();
  Status run(const ExportRequest &req);

private:
  using RowFn = std::function<void(const Reading &)>;

  void runAndReport(const ExportRequest &req);
  Status runCsv(const ExportRequest &req);
  Status runXml(const ExportRequest &req);
  std::size_t copyDay(const std::string &dayKey, const BillingPeriod &period, const RowFn &row);
  void notifyReady(const ExportRequest &req, std::size_t rows);

  std::string dataDir_;
  TaskExecutor &executor_;
  AuditLog &audit_;
  BoundedRing<ExportRequest> queue_{"export-requests", 64};
  std::mutex pubMu_;
  std::shared_ptr<BillingPublisher> publisher_;
};

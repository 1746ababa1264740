// ExportService: bulk CSV/XML exports of a billing period from the day files.
#include "export_service.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <utility>

#include "clock.h"
#include "export_format.h"
#include "export_sink.h"
#include "finally.h"
#include "record_format.h"

ExportService::ExportService(std::string dataDir, TaskExecutor &executor, AuditLog &audit)
    : dataDir_(std::move(dataDir)), executor_(executor), audit_(audit) {}

void ExportService::setPublisher(std::shared_ptr<BillingPublisher> publisher) {
  std::lock_guard<std::mutex> lock(pubMu_);
  publisher_ = std::move(publisher);
}

bool ExportService::submit(ExportRequest req) {
  if (!queue_.offer(std::move(req))) {
    audit_.record("export: request queue full");
    return false;
  }
  return true;
}

std::size_t ExportService::submitPending() {
  std::size_t posted = 0;
  ExportRequest req;
  while (queue_.tryPop(req)) {
    executor_.post([this, req] { runAndReport(req); });
    ++posted;
  }
  return posted;
}

Status ExportService::run(const ExportRequest &req) {
  try {
    return req.format == ExportRequest::Format::Xml ? runXml(req) : runCsv(req);
  } catch (const std::exception &e) {
    return Status::failure(EIO, e.what());
  }
}

void ExportService::runAndReport(const ExportRequest &req) {
  const Status st = run(req);
  if (!st.ok()) {
    audit_.record("export: %s failed: %s", req.path.c_str(), st.detail.c_str());
    return;
  }
  if (req.then) {
    const ExportRequest next = *req.then;
    executor_.post([this, next] { runAndReport(next); }); // BUG: use-after-close #export_chain
  }
}

Status ExportService::runCsv(const ExportRequest &req) {
  ExportSink sink;
  if (!sink.open(req.path))
    return Status::failure(errno, "cannot create " + req.path);
  auto deliver = onExit([&sink] { sink.finish(); }); // BUG: double-close
  std::ostream &os = sink.stream();
  writeCsvHeader(os);
  std::size_t rows = 0;
  for (const std::string &day : dayKeysOf(req.period))
    rows += copyDay(day, req.period, [&os](const Reading &r) { writeCsvRow(os, r); });
  writeCsvFooter(os, rows);
  if (rows == 0) {
    audit_.record("export: billing period %s has no readings", req.period.id.c_str());
    sink.finish();
    return Status::failure(ENODATA, "no readings in period " + req.period.id);
  }
  deliver.dismiss();
  sink.finish(); // OK
  notifyReady(req, rows);
  return {};
}

Status ExportService::runXml(const ExportRequest &req) {
  ExportSink sink;
  if (!sink.open(req.path))
    return Status::failure(errno, "cannot create " + req.path);
  auto cleanup = onExit([&sink] {
    if (!sink.finished())
      sink.abort(); // OK
  });
  std::ostream &os = sink.stream();
  writeXmlOpen(os, req.period);
  std::size_t rows = 0;
  for (const std::string &day : dayKeysOf(req.period))
    rows += copyDay(day, req.period, [&os](const Reading &r) { writeXmlRow(os, r); });
  sink.finish(); // OK
  writeXmlClose(os, rows); // BUG: use-after-close #xml_trailer
  notifyReady(req, rows);
  return {};
}

std::size_t ExportService::copyDay(const std::string &dayKey, const BillingPeriod &period,
                                   const RowFn &row) {
  const std::string path = dataDir_ + "/" + dayKey + ".rdg";
  std::FILE *in = std::fopen(path.c_str(), "rb");
  if (!in)
    return 0;
  std::size_t rows = 0;
  DiskRecord rec;
  while (std::fread(&rec, sizeof rec, 1, in) == 1) {
    Reading r;
    if (!fromDisk(rec, r)) {
      audit_.record("export: corrupt record in %s at offset %ld, rest of the day skipped",
                    path.c_str(), std::ftell(in) - static_cast<long>(sizeof rec));
      std::fclose(in);
      break;
    }
    if (r.intervalStart < period.from || r.intervalStart >= period.to)
      continue;
    row(r);
    ++rows;
  }
  std::fclose(in); // BUG: double-close
  return rows;
}

void ExportService::notifyReady(const ExportRequest &req, std::size_t rows) {
  std::shared_ptr<BillingPublisher> pub;
  {
    std::lock_guard<std::mutex> lock(pubMu_);
    pub = publisher_;
  }
  if (!pub)
    return;
  BillingEvent ev;
  ev.kind = "export-ready";
  ev.at = nowSeconds();
  ev.payload = req.period.id + ";" + req.path + ";" + std::to_string(rows);
  if (!pub->tryPublish(ev))
    audit_.record("export: %s ready, but the billing publisher is closed", req.path.c_str());
}

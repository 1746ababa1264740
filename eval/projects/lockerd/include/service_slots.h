// Components that a configuration reload may replace while the daemon runs.
// The flusher refers to the journal, so it is declared after it and goes
// away first.
#pragma once
#include "audit_journal.h"
#include "bus_mirror.h"
#include "journal_flusher.h"
#include "notification_publisher.h"
#include "temperature_recorder.h"

#include <memory>
#include <mutex>
#include <optional>

struct ServiceSlots {
  std::mutex mutex;
  std::unique_ptr<AuditJournal> journal;
  std::unique_ptr<JournalFlusher> flusher;
  std::shared_ptr<NotificationPublisher> publisher;
  std::shared_ptr<BusMirror> mirror;
  std::optional<TemperatureRecorder> temps;
};

// ShutdownSequence: shuts the plant after the wash. The stages are in shutdown_stages.cpp and
// shutdown_records.cpp; a few single steps run here. Each stage is attempted even when an earlier
// one threw; failures are only collected in memory, because the journal is closed part-way.
#include "shutdown_sequence.h"

#include <string>

#include "cip_sequencer.h"
#include "device_registry.h"
#include "herd_sync.h"
#include "shutdown_stages.h"
#include "site.h"

ShutdownSequence::ShutdownSequence(Site& site) : site_(site) {}

Status ShutdownSequence::run() {
    failures_.clear();
    try {
        stop_floor(site_);
    } catch (const std::exception& e) {
        note("floor", e);
    }
    try {
        close_links(site_);
    } catch (const std::exception& e) {
        note("links", e);
    }
    try {
        site_.devices().safe_all();   // BUG: use-after-close #valves_after_bus
    } catch (const std::exception& e) {
        note("valves", e);
    }
    try {
        Status st = site_.herd_sync().flush();   // BUG: use-after-close #herd_flush
        if (!st.ok()) failures_.push_back("herd flush: " + st.message());
    } catch (const std::exception& e) {
        note("herd flush", e);
    }
    try {
        archive_day(site_);   // BUG: use-after-close #archive
    } catch (const std::exception& e) {
        note("archive", e);
    }
    try {
        announce_close(site_);   // BUG: use-after-close #tank_relay
    } catch (const std::exception& e) {
        note("announce", e);
    }
    try {
        close_records(site_);
    } catch (const std::exception& e) {
        note("records", e);
    }
    try {
        site_.cip().log("plant closed for the day");   // BUG: use-after-close #late_journal
    } catch (const std::exception& e) {
        note("cip log", e);
    }
    try {
        site_.devices().decommission();
    } catch (const std::exception& e) {
        note("decommission", e);
    }
    return failures_.empty() ? Status() : Status::error(Code::Io, std::to_string(failures_.size()) + " shutdown stages failed");
}

const std::vector<std::string>& ShutdownSequence::failures() const { return failures_; }

void ShutdownSequence::note(const char* stage, const std::exception& e) {
    failures_.push_back(std::string(stage) + ": " + e.what());
}

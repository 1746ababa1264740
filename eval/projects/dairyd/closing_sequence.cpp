// ClosingSequence: the end-of-milking close. It switches the plant to the wash state, counts the
// cows still in the entrance lane, pushes the day's yields to the herd database and drops the
// primary herd session, runs the CIP wash, prints the sample labels and sheet, and hands the milk
// over to the cooperative. Every step is attempted even when an earlier one threw; failures are
// collected and journalled (the journal stays open until the shutdown sequence).
#include "closing_sequence.h"

#include <future>
#include <memory>
#include <utility>

#include "cip_sequencer.h"
#include "collection.h"
#include "entrance_gate.h"
#include "herd_db.h"
#include "herd_sync.h"
#include "journal.h"
#include "labeller.h"
#include "plant_state.h"
#include "site.h"
#include "wash_plan.h"

ClosingSequence::ClosingSequence(Site& site) : site_(site) {}

Status ClosingSequence::run(const CollectionRecord& last_load, const std::string& ticket) {
    const PlantState::Kind kind = site_.state().kind();
    if (kind != PlantState::Kind::Milking && kind != PlantState::Kind::Degraded)
        return Status::error(Code::Busy, "end of milking requested outside milking");
    failures_.clear();
    site_.set_state(std::make_unique<WashState>());

    try {
        stragglers_ = site_.gate().count_stragglers();   // BUG: use-after-close #stragglers
    } catch (const std::exception& e) {
        note("stragglers", e);
    }

    std::future<Status> pushed = site_.herd_sync().push_async(site_.day_yields());
    site_.herd().disconnect();   // SAME: herd_async
    try {
        Status st = pushed.get();
        if (!st.ok()) failures_.push_back("herd push: " + st.message());
    } catch (const std::exception& e) {
        note("herd push", e);
    }

    try {
        const WashPlan plan = WashPlanBuilder()
                                  .route({"V-CIP-SUPPLY", "V-JETTER", "V-CIP-RETURN"}, "P-CIP")
                                  .pre_rinse(300)
                                  .caustic(600, 75.0, 900)
                                  .rinse(240)
                                  .acid(300, 400)
                                  .sanitize(180, 150)
                                  .drain(120)
                                  .build();
        Status st = site_.cip().run(plan);
        if (!st.ok()) failures_.push_back("wash: " + st.message());
    } catch (const std::exception& e) {
        note("wash", e);
    }

    try {
        const std::vector<SampleBottle>& bottles = site_.day_samples();
        Status printed = site_.labeller().print_batch(bottles);
        if (!printed.ok()) failures_.push_back("labels: " + printed.message());
        Status sheet = site_.labeller().submit_day_sheet(bottles);
        if (!sheet.ok()) failures_.push_back("sample sheet: " + sheet.message());
    } catch (const std::exception& e) {
        note("samples", e);
    }

    try {
        Status handed = site_.collection().hand_over(last_load, ticket);
        if (!handed.ok()) failures_.push_back("collection: " + handed.message());
        Status last = site_.collection().send_last_and_close(last_load);
        if (!last.ok()) failures_.push_back("last load: " + last.message());
    } catch (const std::exception& e) {
        note("collection", e);
    }

    site_.journal().append("closing done: " + std::to_string(stragglers_) + " stragglers, " +
                           std::to_string(failures_.size()) + " failures");
    return failures_.empty() ? Status() : Status::error(Code::Io, std::to_string(failures_.size()) + " closing steps failed");
}

int ClosingSequence::stragglers() const { return stragglers_; }

const std::vector<std::string>& ClosingSequence::failures() const { return failures_; }

void ClosingSequence::note(const std::string& step, const std::exception& e) {
    failures_.push_back(step + ": " + e.what());
    site_.journal().append("closing, " + step + ": " + e.what());
}

package io.github.vtstarter.pinning;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The monitor's memory: the ring keeps the newest events only, sites aggregate by stack, both stay bounded.
 */
class PinningStatisticsTests {

	private static final List<String> SITE_A = List.of("java.lang.Thread.sleep(line 1)", "com.example.A.a(line 10)");

	private static final List<String> SITE_B = List.of("com.example.B.b(line 20)");

	@Test
	void ringKeepsTheNewestEventsOldestFirst() {
		PinningStatistics statistics = new PinningStatistics(3, 10);
		for (int i = 1; i <= 5; i++) {
			statistics.record(event(SITE_A, i, "t" + i));
		}
		assertThat(statistics.recent()).extracting(PinnedEvent::threadName).containsExactly("t3", "t4", "t5");
		assertThat(statistics.getTotal()).isEqualTo(5);
	}

	@Test
	void ringStaysBoundedUnderManyEvents() {
		PinningStatistics statistics = new PinningStatistics(100, 10);
		for (int i = 0; i < 100_000; i++) {
			statistics.record(event(SITE_A, 1, "t"));
		}
		assertThat(statistics.recent()).hasSize(100);
		assertThat(statistics.getTotal()).isEqualTo(100_000);
		assertThat(statistics.getSiteCount()).isEqualTo(1);
	}

	@Test
	void sitesAggregateCountTotalAndMaxAndAreNewOnce() {
		PinningStatistics statistics = new PinningStatistics(10, 10);
		assertThat(statistics.record(event(SITE_A, 30, "t"))).isTrue();
		assertThat(statistics.record(event(SITE_A, 50, "t"))).isFalse();
		assertThat(statistics.record(event(SITE_B, 100, "t"))).isTrue();
		List<PinningSite> sites = statistics.worstSites(10);
		assertThat(sites).hasSize(2);
		PinningSite worst = sites.get(0);
		assertThat(worst.frames()).isEqualTo(SITE_B);
		PinningSite a = sites.get(1);
		assertThat(a.count()).isEqualTo(2);
		assertThat(a.total()).isEqualTo(Duration.ofMillis(80));
		assertThat(a.max()).isEqualTo(Duration.ofMillis(50));
		assertThat(a.location()).isEqualTo("com.example.A.a(line 10)");
		assertThat(statistics.worstSites(1)).hasSize(1);
	}

	@Test
	void sitesBeyondTheLimitAreCountedButNotKept() {
		PinningStatistics statistics = new PinningStatistics(10, 2);
		for (int i = 0; i < 1000; i++) {
			statistics.record(event(List.of("com.example.Gen.m" + i + "(line 1)"), 1, "t"));
		}
		assertThat(statistics.getSiteCount()).isEqualTo(2);
		assertThat(statistics.getUntrackedSiteEvents()).isEqualTo(998);
		assertThat(statistics.getTotal()).isEqualTo(1000);
	}

	@Test
	void rejectsAnEmptyRing() {
		assertThatIllegalArgumentException().isThrownBy(() -> new PinningStatistics(0, 10));
	}

	static PinnedEvent event(List<String> frames, long millis, String thread) {
		return new PinnedEvent(Instant.now(), Duration.ofMillis(millis), thread, frames, false);
	}

}

package io.github.vtstarter.pinning;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The memory of a {@link PinningMonitor}: a ring of the most recent events and one counter per pinning site.
 * <p>
 * Both are bounded whatever the event rate: the ring keeps the last {@code ringSize} events, and at most
 * {@code maxSites} distinct stacks get their own counter; events from further stacks are counted in the total
 * (and in {@link #getUntrackedSiteEvents()}) but do not grow the map, so a recursion or a generated class
 * that produces ever-new stacks cannot exhaust the heap.
 * <p>
 * Written by the single JFR consumer thread, read by anyone.
 */
public final class PinningStatistics {

	private final PinnedEvent[] ring;

	private int next;

	private final int maxSites;

	private final Map<List<String>, SiteCounter> sites = new ConcurrentHashMap<>();

	private final AtomicLong total = new AtomicLong();

	private final AtomicLong untrackedSiteEvents = new AtomicLong();

	private final AtomicLong submitFailed = new AtomicLong();

	/**
	 * Creates empty statistics.
	 * @param ringSize how many recent events to keep, at least 1
	 * @param maxSites how many distinct pinning sites to count separately, at least 1
	 */
	public PinningStatistics(int ringSize, int maxSites) {
		if (ringSize < 1) {
			throw new IllegalArgumentException("ringSize must be at least 1, was " + ringSize);
		}
		if (maxSites < 1) {
			throw new IllegalArgumentException("maxSites must be at least 1, was " + maxSites);
		}
		this.ring = new PinnedEvent[ringSize];
		this.maxSites = maxSites;
	}

	/**
	 * Counts an event.
	 * @param event the event
	 * @return {@code true} when the event is the first from its site
	 */
	public boolean record(PinnedEvent event) {
		this.total.incrementAndGet();
		synchronized (this.ring) {
			this.ring[this.next] = event;
			this.next = (this.next + 1) % this.ring.length;
		}
		SiteCounter counter = this.sites.get(event.frames());
		boolean newSite = false;
		if (counter == null) {
			if (this.sites.size() >= this.maxSites) {
				this.untrackedSiteEvents.incrementAndGet();
				return false;
			}
			SiteCounter created = new SiteCounter(event.frames(), event.startTime());
			counter = this.sites.putIfAbsent(event.frames(), created);
			if (counter == null) {
				counter = created;
				newSite = true;
			}
		}
		counter.add(event);
		return newSite;
	}

	void recordSubmitFailed() {
		this.submitFailed.incrementAndGet();
	}

	/** @return how many pinned events were seen */
	public long getTotal() {
		return this.total.get();
	}

	/** @return how many {@code jdk.VirtualThreadSubmitFailed} events were seen */
	public long getSubmitFailed() {
		return this.submitFailed.get();
	}

	/** @return events whose site was not counted separately because {@code maxSites} were already known */
	public long getUntrackedSiteEvents() {
		return this.untrackedSiteEvents.get();
	}

	/** @return how many distinct sites are counted */
	public int getSiteCount() {
		return this.sites.size();
	}

	/** @return the capacity of the ring of recent events */
	public int getRingSize() {
		return this.ring.length;
	}

	/**
	 * The recent events, oldest first; at most the ring's size.
	 * @return a copy
	 */
	public List<PinnedEvent> recent() {
		List<PinnedEvent> events = new ArrayList<>(this.ring.length);
		synchronized (this.ring) {
			for (int i = 0; i < this.ring.length; i++) {
				PinnedEvent event = this.ring[(this.next + i) % this.ring.length];
				if (event != null) {
					events.add(event);
				}
			}
		}
		return events;
	}

	/**
	 * The sites that cost the most carrier time.
	 * @param limit how many to return
	 * @return snapshots, the highest total duration first
	 */
	public List<PinningSite> worstSites(int limit) {
		return this.sites.values()
			.stream()
			.map(SiteCounter::snapshot)
			.sorted(Comparator.comparing(PinningSite::total).reversed())
			.limit(limit)
			.toList();
	}

	private static final class SiteCounter {

		private final List<String> frames;

		private final Instant firstSeen;

		private long count;

		private long totalNanos;

		private long maxNanos;

		private Instant lastSeen;

		SiteCounter(List<String> frames, Instant firstSeen) {
			this.frames = frames;
			this.firstSeen = firstSeen;
			this.lastSeen = firstSeen;
		}

		synchronized void add(PinnedEvent event) {
			long nanos = event.duration().toNanos();
			this.count++;
			this.totalNanos += nanos;
			this.maxNanos = Math.max(this.maxNanos, nanos);
			if (event.startTime().isAfter(this.lastSeen)) {
				this.lastSeen = event.startTime();
			}
		}

		synchronized PinningSite snapshot() {
			return new PinningSite(this.frames, this.count, Duration.ofNanos(this.totalNanos),
					Duration.ofNanos(this.maxNanos), this.firstSeen, this.lastSeen);
		}

	}

}

package io.github.vtstarter.archunit.bytecode;

/**
 * Code that runs while a monitor is held: the body of a {@code synchronized} method, or the
 * instructions between a {@code monitorenter} and its {@code monitorexit}.
 */
public final class MonitorRegion {

	private final BytecodeMethod method;

	private final boolean wholeMethod;

	private final int line;

	private final MonitorRegion enclosing;

	MonitorRegion(BytecodeMethod method, boolean wholeMethod, int line, MonitorRegion enclosing) {
		this.method = method;
		this.wholeMethod = wholeMethod;
		this.line = line;
		this.enclosing = enclosing;
	}

	public BytecodeMethod getMethod() {
		return this.method;
	}

	boolean isWholeMethod() {
		return this.wholeMethod;
	}

	MonitorRegion getEnclosing() {
		return this.enclosing;
	}

	int getLine() {
		return (this.line > 0) ? this.line : Math.max(this.method.getFirstLine(), 0);
	}

	/**
	 * Describes the region, e.g. {@code synchronized block at (Foo.java:12)}.
	 * @return the description
	 */
	public String describe() {
		String location = "(" + this.method.getOwner().getSourceFile() + ":" + getLine() + ")";
		if (!this.wholeMethod) {
			return "synchronized block at " + location;
		}
		return (this.method.isStatic() ? "static synchronized method at " : "synchronized method at ") + location;
	}

	@Override
	public String toString() {
		return this.method.getFullName() + " " + describe();
	}

}
